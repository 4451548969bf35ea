import type { AdminTranslate } from '@modules/admin/lib/texts';
import { formatDateTime } from '@modules/admin/orders/lib/format';
import type { OrderMessage } from '../lib/messages-api';

const card = 'rounded-xl border border-line bg-white p-4 sm:p-6';
const tone: Record<OrderMessage['status'], string> = {
  sent: 'bg-success/10 text-success',
  pending: 'bg-brand-soft text-ink',
  sending: 'bg-brand-soft text-ink',
  failed: 'bg-danger/10 text-danger',
};

/** The order's messages to the customer (issue 21): what went out, by which channel, and whether it arrived. */
export function OrderMessagesSection({ messages, t }: { messages: OrderMessage[]; t: AdminTranslate }) {
  return (
    <section aria-labelledby="messages" className={card}>
      <h2 id="messages" className="mb-3 text-lg font-semibold">
        {t('order.title')}
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-muted">{t('order.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3 text-sm">
          {messages.map((message) => (
            <li key={message._id} className="flex flex-wrap items-start justify-between gap-2 border-s-2 border-line ps-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {t(`events.${message.kind}`)} · {t(`channels.${message.channel}`)}
                </p>
                <p className="break-all text-muted">{message.recipient}</p>
                <p className="text-muted">{formatDateTime(message.sentAt ?? message.createdAt)}</p>
                {message.status !== 'sent' && message.lastError ? <p className="text-danger">{message.lastError}</p> : null}
              </div>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone[message.status]}`}>
                {t(`status.${message.status}`, { attempts: message.attempts })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
