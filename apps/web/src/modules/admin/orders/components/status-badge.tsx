import type { OrderStatus } from '@shop/domain/order-status';

const tones: Record<OrderStatus, string> = {
  placed: 'bg-brand-soft text-ink',
  confirmed: 'bg-brand-soft text-ink',
  in_production: 'bg-surface text-ink ring-1 ring-line',
  packed: 'bg-surface text-ink ring-1 ring-line',
  shipped: 'bg-success/10 text-success',
  delivered: 'bg-success/10 text-success',
  cancelled: 'bg-danger/10 text-danger',
  returned: 'bg-surface text-muted',
  refunded: 'bg-surface text-muted',
};

export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}>{label}</span>;
}
