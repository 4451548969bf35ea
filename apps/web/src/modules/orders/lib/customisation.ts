import type { UnitCustomisation } from '@shop/domain/customisation';
import type { Order, OrderLine } from '@shop/domain/order';

/**
 * Where a customisable line stands (issue 5):
 * - `missing`: nothing sent yet and the order still takes it (a call to action);
 * - `sent`: details sent; they can still be replaced;
 * - `locked`: the order has gone into production, so what was sent (or nothing) is final;
 * - `closed`: the order was cancelled; nothing more is asked.
 */
type CustomisationState = 'missing' | 'sent' | 'locked' | 'closed';

export interface Personalisation {
  type: 'text' | 'image' | 'both';
  state: CustomisationState;
  /** Units of the line still waiting for the shopper's details (0 unless `missing`). */
  unitsNeeded: number;
  /** What was sent, one entry per unit; null until sent. */
  units: UnitCustomisation[] | null;
  sentAt: string | null;
  /** The Customise button is offered (missing or sent, not locked). */
  canCustomise: boolean;
}

type LineView = Pick<OrderLine, 'quantity' | 'product_customization'> & { customisation?: OrderLine['customisation'] };

/** A line's personalisation status: null for a product that is not customisable. */
export function customisationOf(line: LineView, status?: Order['status']): Personalisation | null {
  if (!line.product_customization) return null;
  const units = line.customisation?.units ?? null;
  const sentAt = line.customisation?.sentAt ?? null;
  const locked = line.customisation?.locked ?? false;
  const state: CustomisationState = status === 'cancelled' ? 'closed' : locked ? 'locked' : units ? 'sent' : 'missing';
  return {
    type: line.product_customization.type,
    state,
    unitsNeeded: state === 'missing' ? line.quantity : 0,
    units,
    sentAt,
    canCustomise: state === 'missing' || state === 'sent',
  };
}

/** Units across an order that still need details (the orders list flags such orders). */
export function unitsNeededIn(order: Pick<Order, 'items' | 'status'>): number {
  return order.items.reduce((sum, line) => sum + (customisationOf(line, order.status)?.unitsNeeded ?? 0), 0);
}
