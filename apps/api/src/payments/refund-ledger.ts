import { type Database, orderLines, orderRefunds, orders, type RefundLineValue, shipments } from '@shop/db';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';
import { returnStock } from '../orders/stock.ts';
import type { ProviderRefund } from './provider.ts';

/**
 * The shop's own record of the refunds it asked for (order_refunds, decision 063). Reading it under the order's row
 * lock is what keeps refunds within what was paid; the webhooks settle its rows, and a processed refund that asked
 * for its items back puts them in stock here, in the webhook's transaction, once.
 */

type Reader = Pick<Database, 'select'>;

/** The payment statuses a refund may be asked of: captured money, not all of it given back. */
export const REFUNDABLE_STATUSES = ['captured', 'partially_refunded'] as const;

/**
 * Refunds of the order's own payment not failed: given, or under way (their money is spoken for). A second payment's
 * refund (decision 146, `provider_payment_id` set) gives back other money and is not among them.
 */
export async function liveRefunds(db: Reader, orderId: string) {
  return db
    .select({ id: orderRefunds.id, kind: orderRefunds.kind, amount: orderRefunds.amount, status: orderRefunds.status, lines: orderRefunds.lines })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed'), isNull(orderRefunds.providerPaymentId)));
}

/**
 * Paise still refundable: paid, less what the provider reports refunded (which also counts refunds made outside the
 * shop, e.g. on Razorpay's dashboard) or the processed rows if more, less the refunds under way. Rows that refund
 * another payment than the order's (a second payment's, decision 146) are not counted: they draw on other money.
 */
export function refundableAmount(
  order: { amountPaid: number; amountRefunded: number },
  rows: Array<{ amount: number; status: string; providerPaymentId?: string | null }>,
): number {
  const live = rows.filter((refund) => !refund.providerPaymentId);
  const processed = live.filter((refund) => refund.status === 'processed').reduce((sum, refund) => sum + refund.amount, 0);
  const underWay = live.filter((refund) => refund.status !== 'processed').reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, order.amountPaid - Math.max(order.amountRefunded, processed) - underWay);
}

/** Units of each line already refunded or being refunded. */
export function refundedQuantities(live: Array<{ lines: RefundLineValue[] | null }>): Map<string, number> {
  const taken = new Map<string, number>();
  for (const refund of live) for (const line of refund.lines ?? []) taken.set(line.lineId, (taken.get(line.lineId) ?? 0) + line.quantity);
  return taken;
}

/**
 * Whether the order's units came back into stock other than by a refund: it was cancelled (by changeStatus or, unpaid, by
 * the expiry, both of which return its units; a parcel sent back cancels only cash-on-delivery orders, which have no
 * refunds), or its parcel came back and staff put it on sale again (shipping/shipment-actions.ts resolveRto). Each
 * returned every unit a refund had not put back by then, so no refund may put any back after it. Read under the
 * order's row lock, which both of those changes also take.
 */
export async function stockCameBackWithOrder(db: Reader, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({
      back: sql<boolean>`${orders.status} = 'cancelled' or exists (
        select 1 from ${shipments} where ${shipments.orderId} = ${orderId} and ${shipments.rtoResolution} = 'restocked')`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.back === true;
}

/** Units of each line a processed refund already put back into stock (a later cancellation must not put them back again). */
export async function restockedQuantities(db: Reader, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ lines: orderRefunds.lines })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), sql`${orderRefunds.restockedAt} is not null`));
  return refundedQuantities(rows);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SettledRefund {
  /** A row of ours changed (false for a repeat, or a refund made outside the shop). */
  settled: boolean;
  /** Some product or option was out of stock and is back (the catalogue's cached answers are stale). */
  cameBack: boolean;
}

/**
 * A refund webhook settles our row: found by the provider's refund id or by our id in its notes (the webhook can
 * arrive before the provider's answer to our call has been stored). The move out of requested/pending is one
 * conditional update, so a redelivered or concurrent event settles it once; only that update's caller restocks.
 * Called in the webhook's transaction, which holds the order's row lock (webhook.ts): a cancellation or a returned
 * parcel put back on sale waits for it, or has already happened. In the second case their units are back already
 * (stockCameBackWithOrder) and the refund puts none back, so each unit comes back once whichever happens first.
 */
export async function settleRefund(tx: Tx, orderId: string, refund: ProviderRefund, to: 'processed' | 'failed'): Promise<SettledRefund> {
  const ours = refund.notes?.refund_id;
  const which =
    ours && UUID.test(ours) ? or(eq(orderRefunds.providerRefundId, refund.id), eq(orderRefunds.id, ours)) : eq(orderRefunds.providerRefundId, refund.id);
  const [row] = await tx
    .update(orderRefunds)
    .set({
      status: to,
      providerRefundId: refund.id,
      settledAt: sql`now()`,
      ...(to === 'failed' ? { failure: 'The provider reported the refund as failed (refund.failed)' } : {}),
    })
    .where(and(eq(orderRefunds.orderId, orderId), inArray(orderRefunds.status, ['requested', 'pending']), which))
    .returning({ id: orderRefunds.id, restock: orderRefunds.restock, lines: orderRefunds.lines });
  if (!row) return { settled: false, cameBack: false };
  if (to !== 'processed' || !row.restock || !row.lines?.length) return { settled: true, cameBack: false };
  if (await stockCameBackWithOrder(tx, orderId)) return { settled: true, cameBack: false };
  const sold = await tx
    .select({ id: orderLines.id, productId: orderLines.productId, variantId: orderLines.variantId })
    .from(orderLines)
    .where(
      inArray(
        orderLines.id,
        row.lines.map((line) => line.lineId),
      ),
    );
  const byId = new Map(sold.map((line) => [line.id, line]));
  const back = row.lines.flatMap((line) => {
    const found = byId.get(line.lineId);
    return found ? [{ productId: found.productId, variantId: found.variantId, quantity: line.quantity }] : [];
  });
  const moved = await returnStock(tx, back);
  await tx
    .update(orderRefunds)
    .set({ restockedAt: sql`now()` })
    .where(eq(orderRefunds.id, row.id));
  return { settled: true, cameBack: moved.cameBack };
}

/** The order's payment, locked for the length of the caller's transaction. */
export async function lockPayment(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      paymentStatus: orders.paymentStatus,
      providerPaymentId: orders.providerPaymentId,
      amountPaid: orders.amountPaid,
      amountRefunded: orders.amountRefunded,
      total: orders.total,
      discount: orders.discount,
      prepaidDiscount: orders.prepaidDiscount,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order ?? null;
}
