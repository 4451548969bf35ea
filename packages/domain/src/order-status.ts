import { z } from 'zod';

/**
 * The life of an order (issue 4). The normal path is
 *   placed → confirmed → in_production → packed → shipped → delivered,
 * an order may be cancelled on the way (by the customer until it goes into production, by the shop until it is
 * shipped), and after delivery it may be returned and/or refunded. Pure rules: the API asks `canTransition` before
 * every change and keeps each change, with its time and actor, in the order's history.
 */

import { type OrderStatus, orderStatuses } from './order-statuses.ts';
import { isCashOnDelivery, type PaymentMethod, type PaymentStatus } from './payment.ts';

export { orderStatuses, type OrderStatus } from './order-statuses.ts';
export const orderStatusSchema = z.enum(orderStatuses);

/** Who changes a status: the customer who placed the order, or the shop (staff or admin). */
export type OrderActor = 'customer' | 'shop';
export const orderActorSchema = z.enum(['customer', 'shop']);

/**
 * Moves the shop may make. Forward one step at a time, except that an order with nothing made to order may skip
 * production (confirmed → packed). Cancelling is allowed until the parcel is shipped. After delivery: returned,
 * then refunded (or refunded straight away, e.g. for a parcel that arrived broken and is not sent back).
 */
const shopMoves: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['confirmed', 'cancelled'],
  confirmed: ['in_production', 'packed', 'cancelled'],
  in_production: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: ['returned', 'refunded'],
  returned: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** The customer may only cancel, and only before the order goes into production. */
const customerMoves: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['cancelled'],
  confirmed: ['cancelled'],
  in_production: [],
  packed: [],
  shipped: [],
  delivered: [],
  returned: [],
  cancelled: [],
  refunded: [],
};

/** The statuses `actor` may move an order to from `from`, in the order a back office would offer them. */
export function nextStatuses(from: OrderStatus, actor: OrderActor): readonly OrderStatus[] {
  return (actor === 'shop' ? shopMoves : customerMoves)[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return nextStatuses(from, actor).includes(to);
}

/**
 * Whether the shop may mark an order `refunded` as far as its money goes. Cash on delivery is given back by hand (no
 * provider holds it), so the shop's word is the record. An online payment is given back through the provider (the
 * refund ledger, decision 063): the order may be marked refunded only once its payment is refunded in full, or the
 * status (and the GST credit note it issues) would say money went back that never did.
 */
export function canMarkRefunded(method: PaymentMethod, paymentStatus: PaymentStatus): boolean {
  return isCashOnDelivery(method) || paymentStatus === 'refunded';
}

/** Whether the customer's "Cancel order" button should show. */
export function customerCanCancel(status: OrderStatus): boolean {
  return canTransition(status, 'cancelled', 'customer');
}

/** English labels for the status timeline (the storefront translates them by key). */
export const orderStatusLabels: Record<OrderStatus, string> = {
  placed: 'Order placed',
  confirmed: 'Confirmed',
  in_production: 'Being made',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
  refunded: 'Refunded',
};
