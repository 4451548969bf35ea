import { couponRedemptions, coupons, type Database } from '@shop/db';
import type { CouponCheckResponse } from '@shop/domain/order';
import { type CouponTerms, couponDiscount } from '@shop/domain/pricing';
import { refusalMessage } from '@shop/domain/refusals/index';
import { and, count, eq, sql } from 'drizzle-orm';
import { fieldRefusal } from '../lib/refusal.ts';
import { COUPON_TRIES_WINDOW_MS } from './limits.ts';
import { priceLines } from './price-lines.ts';
import type { TryCounter } from '../lib/try-counter.ts';

/**
 * Coupons: looking one up, checking its terms against a cart, and using one up inside an order's transaction.
 * The limits that matter under concurrency (total uses, uses per customer) are enforced by the conditional update
 * in `redeemCoupon`, never by an earlier read; the checks before it only give early, clear answers.
 */

export type CouponRow = typeof coupons.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export function couponTerms(coupon: CouponRow): CouponTerms {
  return { minimum: coupon.minimum, discount: { type: coupon.type, value: coupon.value } };
}

/** What looking a code up needs to limit guessing: where wrong codes are counted, how many are allowed, who asks. */
export interface CouponGuard {
  couponTries: TryCounter;
  /** Wrong codes allowed per customer and per client address in COUPON_TRIES_WINDOW_MS. */
  maxTries: number;
  userId: string;
  ip: string;
}

/**
 * The coupon for a code (already upper-cased by the request schema), or `coupon_not_found` (422) naming `field`,
 * under the guessing limit (issue 19): each lookup counts as a try of this customer and of this client
 * address, before it runs (so a burst of guesses cannot all slip under the limit); a code that names a coupon gives
 * the try back, so only wrong codes count. Past the limit: 429 `coupon_tries_exceeded`, naming `field`, with the
 * minutes until the window ends.
 */
export async function findCoupon(db: Database, code: string, field: string, guard: CouponGuard): Promise<CouponRow> {
  const keys = [`coupon-tries:user:${guard.userId}`, `coupon-tries:ip:${guard.ip}`];
  const counts = await guard.couponTries.take(keys, COUPON_TRIES_WINDOW_MS);
  const over = counts.filter((count) => count.count > guard.maxTries);
  if (over.length > 0) {
    const minutes = Math.max(1, Math.ceil(Math.max(...over.map((count) => count.retryMs)) / 60_000));
    throw fieldRefusal(field, 'coupon_tries_exceeded', { minutes });
  }
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  // An inactive coupon answers like an unknown code, so it counts like one.
  if (row?.active) await guard.couponTries.giveBack(keys);
  if (!row || !row.active) throw fieldRefusal(field, 'coupon_not_found');
  return row;
}

async function usesBy(db: Database | Tx, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row?.n ?? 0;
}

/**
 * Dates, total uses and this customer's uses, as they stand now: `coupon_not_started` or `coupon_expired` (422),
 * `coupon_used_up` or `coupon_used_by_you` (409), each naming `field`. The minimum is the caller's business (a cart
 * below it still shows the coupon, with no discount).
 */
export async function checkCouponAvailable(db: Database, coupon: CouponRow, userId: string, field: string, now = new Date()): Promise<void> {
  if (coupon.startsAt && coupon.startsAt > now) throw fieldRefusal(field, 'coupon_not_started');
  if (coupon.endsAt && coupon.endsAt <= now) throw fieldRefusal(field, 'coupon_expired');
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) throw fieldRefusal(field, 'coupon_used_up');
  if (coupon.maxUsesPerCustomer !== null && (await usesBy(db, coupon.id, userId)) >= coupon.maxUsesPerCustomer) {
    throw fieldRefusal(field, 'coupon_used_by_you');
  }
}

/**
 * POST /api/user/coupon: the coupon's terms checked for this customer and its discount on the cart as the database
 * prices it (never the client). A cart below the minimum is not refused: the answer says `applicable: false` with the
 * English of `coupon_minimum_not_met` (spec §9: the cart shows the coupon with no discount until the minimum).
 */
export async function checkCoupon(
  db: Database,
  guard: CouponGuard,
  request: { code: string; items: Parameters<typeof priceLines>[1] },
): Promise<CouponCheckResponse> {
  const { userId } = guard;
  const coupon = await findCoupon(db, request.code, 'code', guard);
  await checkCouponAvailable(db, coupon, userId, 'code');
  // The coupon is about money: a line short of stock is the order's business, not the coupon's.
  const cart = await priceLines(db, request.items, { checkStock: false });
  const applicable = cart.total >= coupon.minimum;
  return {
    code: coupon.code,
    minimum: coupon.minimum,
    discount: { type: coupon.type, value: coupon.value },
    total: cart.total,
    amount: discountFor(coupon, cart.total),
    applicable,
    message: applicable ? null : refusalMessage('coupon_minimum_not_met', { minimum: coupon.minimum }),
    endsAt: coupon.endsAt?.toISOString() ?? null,
  };
}

/** The discount for a cart total: 0 below the minimum (spec §9). */
export function discountFor(coupon: CouponRow, total: number): number {
  return couponDiscount(total, couponTerms(coupon));
}

/**
 * Takes one use of the coupon inside the order's transaction. The update only succeeds while the coupon is
 * active, in its dates and under its total; it also locks the coupon's row until the order commits, so a second
 * order with the same coupon waits here, then re-checks against the committed count (PostgreSQL re-evaluates the
 * WHERE on the new row). Holding that lock, this customer's redemptions are counted: none can be in flight.
 */
export async function redeemCoupon(tx: Tx, coupon: CouponRow, userId: string, orderId: string, field: string): Promise<void> {
  const [taken] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        eq(coupons.active, true),
        sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`,
        sql`(${coupons.startsAt} is null or ${coupons.startsAt} <= now())`,
        sql`(${coupons.endsAt} is null or ${coupons.endsAt} > now())`,
      ),
    )
    .returning({ maxUsesPerCustomer: coupons.maxUsesPerCustomer });
  if (!taken) throw fieldRefusal(field, 'coupon_used_up');
  // Our own redemption is not inserted yet, so "already used" means used by earlier, committed orders.
  if (taken.maxUsesPerCustomer !== null && (await usesBy(tx, coupon.id, userId)) >= taken.maxUsesPerCustomer) {
    throw fieldRefusal(field, 'coupon_used_by_you');
  }
  await tx.insert(couponRedemptions).values({ couponId: coupon.id, userId, orderId });
}

/** Gives a cancelled order's coupon use back (decision: a cancelled order did not get the benefit). */
export async function releaseCoupon(tx: Tx, orderId: string): Promise<void> {
  const released = await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
}

/**
 * Takes a cancelled order's coupon use again when the order is placed again: a payment that came after its reservation
 * expired (payments/late-payment.ts, decision 121), in that transaction, after its stock (locks: stock first, coupon
 * second, decision 017). The customer paid the discounted price and keeps it, so the use is taken whatever the coupon
 * says now (ended, inactive, or at its limit: `used_count` may then stand above `max_uses`, and redeemCoupon still
 * stops new orders at the limit). Nothing is taken if the order holds its use already (the redemption's unique order
 * id). Answers whether a use was taken.
 */
export async function retakeCoupon(tx: Tx, order: { id: string; couponId: string | null; userId: string | null }): Promise<boolean> {
  if (!order.couponId) return false;
  // The coupon exists: one an order names cannot be deleted (admin/coupons deleteCoupon), only made inactive.
  const [held] = await tx
    .insert(couponRedemptions)
    .values({ couponId: order.couponId, userId: order.userId, orderId: order.id })
    .onConflictDoNothing()
    .returning({ couponId: couponRedemptions.couponId });
  if (!held) return false;
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(eq(coupons.id, held.couponId));
  return true;
}
