import { getFormatter, getTranslations } from 'next-intl/server';
import type { OutboxMessage } from '@lib/api/dev-outbox';
import { Container } from '@modules/common/components/container';

const urlPattern = /(https?:\/\/[^\s<>"]+)/g;

/** Message text with its links clickable, so a developer can follow a sign-in link from here. */
function BodyText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm" dir="auto">
      {text.split(urlPattern).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="text-brand underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** /dev/outbox (only while no gateway is set): the latest mails and text messages the `dev` transport kept. */
export async function DevOutbox({ messages }: { messages: OutboxMessage[] }) {
  const t = await getTranslations('auth.outbox');
  const format = await getFormatter();
  return (
    <Container className="py-8">
      <h1 className="font-display text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      {messages.length === 0 ? (
        <p className="mt-6 text-muted">{t('empty')}</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-3">
          {messages.map((message) => (
            <li key={message._id} className="rounded-xl border border-line bg-white p-4" data-testid="outbox-message">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                <span className="rounded bg-brand-soft px-2 py-0.5 font-medium text-brand">{message.channel === 'sms' ? t('sms') : t('email')}</span>
                <span className="font-medium" dir="ltr">
                  {message.recipient}
                </span>
                <span className="text-muted">{message.kind}</span>
                <time className="ms-auto text-muted" dateTime={message.createdAt}>
                  {format.dateTime(new Date(message.createdAt), { dateStyle: 'medium', timeStyle: 'medium' })}
                </time>
              </div>
              {message.subject ? <p className="mt-2 font-semibold">{message.subject}</p> : null}
              <div className="mt-2">
                <BodyText text={message.bodyText} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Container>
  );
}
