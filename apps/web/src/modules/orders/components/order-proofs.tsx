import type { Order } from '@shop/domain/order';
import { NextIntlClientProvider } from 'next-intl';
import { loadRefusalMessages } from '@/i18n/refusals';
import { formatOrderTime } from '../lib/format-time';
import type { orderTexts } from '../lib/texts';
import { ProofAnswerForm } from './proof-answer-form';

type OrderTexts = Awaited<ReturnType<typeof orderTexts>>;

/**
 * The proofs of an order that needs one (issue 24): every version staff sent, newest first, with the customer's answer,
 * and for the latest unanswered one the approve / ask-for-changes form. Production waits for the approval.
 */
export async function OrderProofs({ order, texts }: { order: Order; texts: OrderTexts }) {
  const { proofs } = order;
  if (!proofs.required) return null;
  const { t, locale } = texts;
  const latest = proofs.list[proofs.list.length - 1];
  const refusals = await loadRefusalMessages(locale, ['general', 'gifting']);
  const statusLabel = (status: string) => t(`proofs.status.${status}`);
  return (
    <section aria-labelledby={`proofs-${order._id}`} className="rounded-xl border border-line bg-white p-4 sm:p-6" data-testid="order-proofs">
      <h2 id={`proofs-${order._id}`} className="mb-2 text-lg font-semibold">
        {t('proofs.title')}
      </h2>
      {proofs.list.length === 0 ? <p className="text-sm text-muted">{t('proofs.waiting')}</p> : null}
      {latest && latest.status === 'pending' ? (
        <p className="mb-3 text-sm font-semibold" role="status">
          {t('proofs.askAnswer')}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4" reversed>
        {[...proofs.list].reverse().map((proof) => (
          <li key={proof._id} className="rounded-lg border border-line p-3" data-proof={proof.version}>
            <p className="text-sm font-semibold">
              {t('proofs.version', { version: proof.version })} · <span data-proof-status={proof.status}>{statusLabel(proof.status)}</span>
            </p>
            <p className="text-sm text-muted">{formatOrderTime(proof.createdAt, locale)}</p>
            <a href={proof.image.original} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block">
              <img
                src={proof.image.original}
                alt={t('proofs.imageAlt', { version: proof.version })}
                loading="lazy"
                className="max-h-72 w-auto max-w-full rounded-lg border border-line object-contain"
              />
            </a>
            {proof.note ? <p className="mt-2 whitespace-pre-wrap text-sm">{t('proofs.note', { note: proof.note })}</p> : null}
            {proof.comment ? <p className="mt-2 whitespace-pre-wrap text-sm">{t('proofs.yourComment', { comment: proof.comment })}</p> : null}
            {proof === latest && proof.status === 'pending' ? (
              <NextIntlClientProvider messages={{ refusals }}>
                <ProofAnswerForm
                  orderId={order._id}
                  proofId={proof._id}
                  labels={{
                    approve: t('proofs.approve'),
                    requestChanges: t('proofs.requestChanges'),
                    comment: t('proofs.comment'),
                    send: t('proofs.send'),
                    cancel: t('proofs.cancel'),
                    sending: t('proofs.sending'),
                    failed: t('proofs.failed'),
                  }}
                />
              </NextIntlClientProvider>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
