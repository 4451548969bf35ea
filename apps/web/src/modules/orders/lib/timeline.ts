import type { StatusChange } from '@shop/domain/order';
import type { OrderStatus } from '@shop/domain/order-status';

/**
 * The status timeline of an order, built from its current status and its history (oldest first). The usual path is
 * shown in full so the shopper sees what comes next; a step the order skipped (production, for an order with nothing
 * made to order) is left out, and once an order is cancelled, returned or refunded nothing further is promised.
 */

export type TimelineState = 'done' | 'current' | 'upcoming';

interface TimelineStep {
  status: OrderStatus;
  state: TimelineState;
  /** When the order reached this status (ISO), null for a step still to come. */
  at: string | null;
  note: string | null;
}

const usualPath: readonly OrderStatus[] = ['placed', 'confirmed', 'in_production', 'packed', 'shipped', 'delivered'];
const endings: readonly OrderStatus[] = ['cancelled', 'returned', 'refunded'];

export function buildTimeline(status: OrderStatus, history: readonly Pick<StatusChange, 'status' | 'at' | 'note'>[]): TimelineStep[] {
  // The latest time each status was reached (a status is normally reached once).
  const reached = new Map<OrderStatus, Pick<StatusChange, 'at' | 'note'>>();
  for (const change of history) reached.set(change.status, change);
  const ended = endings.includes(status);
  const position = usualPath.indexOf(status);

  const steps: TimelineStep[] = [];
  usualPath.forEach((step, index) => {
    const change = reached.get(step);
    if (change) {
      steps.push({ status: step, state: step === status ? 'current' : 'done', at: change.at, note: change.note });
    } else if (step === status) {
      // A current status missing from the history (should not happen): still shown as where the order is.
      steps.push({ status: step, state: 'current', at: null, note: null });
    } else if (!ended && index > position) {
      steps.push({ status: step, state: 'upcoming', at: null, note: null });
    }
    // Otherwise: skipped on the way (not reached, but the order is past it) or never to come after an ending.
  });

  const endingSteps = history.filter((change) => endings.includes(change.status));
  endingSteps.forEach((change, index) => {
    const last = index === endingSteps.length - 1;
    steps.push({ status: change.status, state: last && change.status === status ? 'current' : 'done', at: change.at, note: change.note });
  });
  if (ended && !endingSteps.some((change) => change.status === status)) steps.push({ status, state: 'current', at: null, note: null });
  return steps;
}
