import { type Database, orders } from '@shop/db';
import type { PaymentFlag } from '@shop/domain/payment';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';

/**
 * An order's payment flag (orders.payment_flag): what staff must look at, listed in the back office's payments until
 * they mark it resolved (admin/payments/resolve-flag.ts). An order keeps the first flag it got, so a later report
 * never hides the one before it from staff.
 */

type Writer = Database | Tx;

export async function flagPayment(db: Writer, orderId: string, reason: PaymentFlag): Promise<void> {
  await db
    .update(orders)
    .set({ paymentFlag: sql`coalesce(${orders.paymentFlag}, ${reason})` })
    .where(eq(orders.id, orderId));
}

/** The flag moves on from `from` (an automatic refund failed, say); any other flag the order has is left as it is. */
export async function moveFlag(db: Writer, orderId: string, from: PaymentFlag, to: PaymentFlag): Promise<void> {
  await db
    .update(orders)
    .set({ paymentFlag: to })
    .where(and(eq(orders.id, orderId), eq(orders.paymentFlag, from)));
}
