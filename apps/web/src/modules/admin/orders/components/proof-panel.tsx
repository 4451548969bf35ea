import { proofsOpen } from '@shop/domain/gift/proofs';
import type { Order } from '@shop/domain/order';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { formatDateTime } from '../lib/format';
import { ProofUploadForm } from './proof-upload-form';

const card = 'rounded-xl border border-line bg-white p-4 sm:p-6';

/**
 * Proofs of an order whose products need one (issue 24): every version with the customer's answer and comment, newest
 * first, and the upload of the next version while the order has not gone into production.
 */
export function ProofPanel({ order, t }: { order: Order; t: AdminTranslate }) {
  const { proofs } = order;
  if (!proofs.required) return null;
  const latest = proofs.list[proofs.list.length - 1];
  return (
    <section aria-labelledby="proofs" className={card} data-testid="admin-proofs">
      <h2 id="proofs" className="mb-2 text-lg font-semibold">
        {t('proofs.title')}
      </h2>
      <p className="mb-3 text-sm" role="status">
        {proofs.cleared ? t('proofs.cleared') : latest ? t(`proofs.waiting_${latest.status}`) : t('proofs.none')}
      </p>
      {proofsOpen(order.status) ? (
        <ProofUploadForm
          orderId={order._id}
          texts={{ file: t('proofs.file'), note: t('proofs.note'), upload: t('proofs.upload'), uploading: t('proofs.uploading'), done: t('proofs.done') }}
        />
      ) : null}
      {proofs.list.length > 0 ? (
        <ol className="mt-4 flex flex-col gap-3" reversed>
          {[...proofs.list].reverse().map((proof) => (
            <li key={proof._id} className="flex gap-3 border-s-2 border-line ps-3 text-sm" data-proof={proof.version}>
              <a href={proof.image.original} target="_blank" rel="noopener noreferrer" className="shrink-0">
                <img
                  src={proof.image.thumbnail}
                  alt={t('proofs.imageAlt', { version: proof.version })}
                  width={80}
                  height={80}
                  className="size-20 rounded-lg border border-line object-cover"
                />
              </a>
              <div className="min-w-0">
                <p className="font-medium">
                  {t('proofs.version', { version: proof.version })} · <span data-proof-status={proof.status}>{t(`proofs.status.${proof.status}`)}</span>
                </p>
                <p className="text-muted">{formatDateTime(proof.createdAt)}</p>
                {proof.note ? <p className="whitespace-pre-wrap">{t('proofs.noteShown', { note: proof.note })}</p> : null}
                {proof.comment ? <p className="whitespace-pre-wrap">{t('proofs.comment', { comment: proof.comment })}</p> : null}
                {proof.answeredAt ? <p className="text-muted">{t('proofs.answeredAt', { time: formatDateTime(proof.answeredAt) })}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
