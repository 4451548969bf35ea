import { type Database, orderLines, orders } from '@shop/db';
import { openCodCap } from '@shop/domain/cod/cod-rules';
import type { Order } from '@shop/domain/order';
import { CASH_ON_DELIVERY, PREPAID } from '@shop/domain/payment';
import { fieldRefusal } from '@shop/domain/refusals/index';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { chargesAtPlacement, type CodDeps, confirmationAtPlacement } from '../cod/cod-placement.ts';
import { refuseUndeliverable } from '../delivery/deliverable.ts';
import { databaseLookups } from '../delivery/delivery-lookups.ts';
import { Refusal } from '../lib/refusal.ts';
import { rowsOf } from '../lib/rows.ts';
import { enqueueMessage } from '../outbox/enqueue.ts';
import { enqueueOrderConfirmed } from '../messages/order-events.ts';
import { findOrder, isOrderId } from '../orders/order-view.ts';
import { lineLabel } from '../orders/price-lines.ts';
import { OPEN } from '../orders/write-order.ts';
import { UNPAID } from './cancel-unpaid.ts';

/**
 * A shopper whose online payment failed or was abandoned pays on delivery instead (POST
 * /api/user/order/{id}/payment/cash-on-delivery, decision 062). Only their own prepaid order, still placed, still
 * unpaid and within its reservation; and only where cash on delivery would have been allowed when placing: every line
 * may be paid on delivery (spec §4, the lines' cod as sold), and the shop's COD controls (decision 065, the same
 * cod/cod-placement.ts calls placement makes) allow it: the delivery pincode is not blocked, by the shop or by the
 * couriers (who collect no cash there: issue 22's directory, as placement reads it), the cash to collect is within the
 * maximum, the customer is under the shop's open-COD cap (the server's OPEN_COD_ORDERS_MAX when unset), counted under
 * the same per-customer lock placement counts under, so a switch and a new COD order at once cannot both pass it.
 * The money becomes a COD order's: the prepaid saving goes, the COD fee comes, the grand total is recomputed. A shop
 * that asks for COD confirmation (decision 066) gets it as for a new COD order, counted from the switch.
 * The order keeps its stock, coupon and number; its reservation ends (a cash-on-delivery order does not expire), and the
 * customer gets the "order placed, pay on delivery" message a cash-on-delivery order gets when placed. One conditional
 * update makes the switch, so a payment confirmed at the same moment wins or loses cleanly: never both.
 */
export async function payOnDelivery(
  db: Database,
  cod: CodDeps,
  caller: { userId: string; orderId: string; openCodLimit: number },
  now = new Date(),
): Promise<Order> {
  if (!isOrderId(caller.orderId)) throw new Refusal('order_not_found');
  const orderId = caller.orderId.toLowerCase();
  const [order] = await db
    .select({
      number: orders.number,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      reservationExpiresAt: orders.reservationExpiresAt,
      totalItems: orders.totalItems,
      total: orders.total,
      discount: orders.discount,
      shipping: orders.shipping,
      giftWrapFee: orders.giftWrapFee,
      address: orders.address,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, caller.userId)))
    .limit(1);
  if (!order) throw new Refusal('order_not_found');
  const unpaid = (UNPAID as readonly string[]).includes(order.paymentStatus);
  if (order.paymentMethod !== PREPAID || !unpaid || order.status !== 'placed') throw new Refusal('payment_not_pending');
  if (!order.reservationExpiresAt || order.reservationExpiresAt <= now) throw new Refusal('payment_reservation_expired');

  const lines = await db
    .select({ name: orderLines.name, attributes: orderLines.attributes, cod: orderLines.cod, position: orderLines.position })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const noCod = lines.filter((line) => !line.cod);
  if (noCod.length > 0) {
    const names = noCod.map(lineLabel);
    const errors = Object.fromEntries(noCod.map((line) => [`items.${line.position}`, fieldRefusal('cod_unavailable', { names: [lineLabel(line)], count: 1 })]));
    throw new Refusal('cod_unavailable', { params: { names, count: names.length }, errors });
  }

  // The couriers' word on the pincode first, as placement asks it (a pincode the directory does not know passes).
  refuseUndeliverable(await databaseLookups(db).pincode(order.address.pincode), order.address.pincode, true);

  // The shop's refusals and the COD order's money, exactly as placement decides them (fee in, prepaid saving out).
  const settings = await cod.settings();
  const charges = chargesAtPlacement(settings, {
    method: CASH_ON_DELIVERY,
    total: order.total,
    discount: order.discount,
    shipping: order.shipping,
    // Issue 24: the gift wrap priced at placement stays as it was.
    giftWrap: order.giftWrapFee,
    pincode: order.address.pincode,
  });
  const openCodLimit = openCodCap(settings, caller.openCodLimit);
  // Counted from the switch: the shopper only now chose cash on delivery.
  const pending = confirmationAtPlacement(cod, settings, {
    id: orderId,
    number: order.number,
    method: CASH_ON_DELIVERY,
    grandTotal: charges.grandTotal,
    mobile: order.address.mobile,
    placedAt: now,
  });

  const switched = await db.transaction(async (tx) => {
    // Counted under the customer's placement lock (order_limit_counts, migration 0010: its advisory lock, held to the
    // commit): a switch and a placement of theirs at once count their open COD orders one after the other.
    const [counts] = rowsOf<{ openCod: number }>(
      await tx.execute(sql`select "openCod" from order_limit_counts(${caller.userId}::uuid, ${now}, ${now}, ${OPEN}::text[])`),
    );
    if (Number(counts?.openCod ?? 0) >= openCodLimit) throw new Refusal('open_orders_limit', { params: { max: openCodLimit } });
    const [row] = await tx
      .update(orders)
      // A failed online attempt is history: cash on delivery is pending until collected (decision 060).
      .set({
        paymentMethod: CASH_ON_DELIVERY,
        paymentStatus: 'pending',
        reservationExpiresAt: null,
        codFee: charges.codFee,
        prepaidDiscount: charges.prepaidDiscount,
        grandTotal: charges.grandTotal,
        ...(pending?.columns ?? {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'placed'),
          eq(orders.paymentMethod, PREPAID),
          inArray(orders.paymentStatus, [...UNPAID]),
          gt(orders.reservationExpiresAt, now),
        ),
      )
      .returning({ id: orders.id });
    if (!row) return false;
    // The confirmation SMS is committed with the switch, or not at all.
    if (pending) await enqueueMessage(tx, pending.message);
    // The "order placed, pay on delivery" message a cash-on-delivery order gets (issue 21), with this switch.
    await enqueueOrderConfirmed(tx, 'order-placed', orderId);
    return true;
  });
  if (!switched) {
    // Paid, cancelled or expired in the meantime: the order as it now is decides the answer.
    const [current] = await db.select({ paymentStatus: orders.paymentStatus, status: orders.status }).from(orders).where(eq(orders.id, orderId)).limit(1);
    const stillUnpaid = current && (UNPAID as readonly string[]).includes(current.paymentStatus) && current.status === 'placed';
    throw new Refusal(stillUnpaid ? 'payment_reservation_expired' : 'payment_not_pending');
  }
  return (await findOrder(db, orderId, caller.userId)) as Order;
}
