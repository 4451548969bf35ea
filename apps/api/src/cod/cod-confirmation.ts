import { type Database, orders } from '@shop/db';
import { MAX_COD_CODE_TRIES } from '@shop/domain/cod/cod-rules';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Refusal, fieldRefusal } from '../lib/refusal.ts';
import { isOrderId } from '../orders/order-view.ts';
import { hashCode, hashToken } from './cod-secrets.ts';

/**
 * The shopper confirms a COD order (issue 20, decision 066): with the SMS code on the order page (signed in, their own
 * order) or through the link (its token is the proof). Each is ONE conditional update: still placed, still waiting,
 * not past its time, the secret matching. So a link works once (a second use finds the order confirmed), and a
 * confirmation racing the expiry or a cancellation either lands first or finds nothing to do.
 */

/** Still waiting: placed, not confirmed, not past its time (the expiry may not have run yet). */
const waiting = (now: Date) => and(eq(orders.status, 'placed'), isNull(orders.codConfirmedAt), gt(orders.codConfirmBy, now));

export async function confirmByCode(db: Database, input: { orderId: string; userId: string; code: string }, now = new Date()): Promise<void> {
  if (!isOrderId(input.orderId)) throw new Refusal('order_not_found');
  const orderId = input.orderId.toLowerCase();
  const mine = and(eq(orders.id, orderId), eq(orders.userId, input.userId), eq(orders.codConfirmation, 'sms_code'));
  const open = and(mine, waiting(now), lt(orders.codConfirmTries, MAX_COD_CODE_TRIES));
  const [confirmed] = await db
    .update(orders)
    .set({ codConfirmedAt: now, updatedAt: now })
    .where(and(open, eq(orders.codConfirmSecret, hashCode(orderId, input.code))))
    .returning({ id: orders.id });
  if (confirmed) return;
  // A wrong code counts against the order (so six digits cannot be walked through), in its own update.
  const [counted] = await db
    .update(orders)
    .set({ codConfirmTries: sql`${orders.codConfirmTries} + 1` })
    .where(open)
    .returning({ tries: orders.codConfirmTries });
  if (counted) throw fieldRefusal('code', counted.tries >= MAX_COD_CODE_TRIES ? 'cod_code_locked' : 'cod_code_wrong');
  const [order] = await db
    .select({ tries: orders.codConfirmTries, confirmedAt: orders.codConfirmedAt, status: orders.status, method: orders.codConfirmation })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, input.userId)))
    .limit(1);
  if (!order) throw new Refusal('order_not_found');
  if (order.method === 'sms_code' && order.confirmedAt === null && order.status === 'placed' && order.tries >= MAX_COD_CODE_TRIES) {
    throw fieldRefusal('code', 'cod_code_locked');
  }
  throw new Refusal('cod_confirmation_closed');
}

/** Confirms the order the link's token belongs to; answers its number. */
export async function confirmByToken(db: Database, token: string, now = new Date()): Promise<{ number: string; confirmedAt: string }> {
  const stored = hashToken(token);
  const link = and(eq(orders.codConfirmSecret, stored), eq(orders.codConfirmation, 'link'));
  const [confirmed] = await db
    .update(orders)
    .set({ codConfirmedAt: now, updatedAt: now })
    .where(and(link, waiting(now)))
    .returning({ number: orders.number });
  if (confirmed) return { number: confirmed.number, confirmedAt: now.toISOString() };
  // The secret is kept after use, so a second click is told the order is confirmed rather than that the link is bad.
  const [order] = await db.select({ id: orders.id }).from(orders).where(link).limit(1);
  if (!order) throw fieldRefusal('token', 'cod_link_invalid');
  throw new Refusal('cod_confirmation_closed');
}
