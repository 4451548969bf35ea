import type { PaymentStatus } from '@shop/domain/payment';

const tones: Record<PaymentStatus, string> = {
  pending: 'bg-surface text-ink ring-1 ring-line',
  authorized: 'bg-brand-soft text-ink',
  captured: 'bg-success/10 text-success',
  failed: 'bg-danger/10 text-danger',
  partially_refunded: 'bg-surface text-ink ring-1 ring-line',
  refunded: 'bg-surface text-muted',
};

export function PaymentBadge({ status, label }: { status: PaymentStatus; label: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`} data-payment-status={status}>
      {label}
    </span>
  );
}
