import { type Database, orders } from '@shop/db';
import type { PaymentFlag } from '@shop/domain/payment';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';

/**
 * An order's payment flag (orders.payment_flag): what staff must look at, listed in the back office's payments until
 * they mark it resolved (admin/payments/resolve-flag.ts). An order keeps the first flag it got, so a later report
 * never hides the one before it from staff.
 *
 * One flag is the shop's own work under way rather than staff's: `paid_after_cancellation`, a late payment about to be
 * settled (late-payment.ts), which placing the order again clears. A flag raised meanwhile (a second payment's
 * `paid_twice`, its refund's failure, a mismatched report) is not dropped behind it but waits in
 * orders.next_payment_flag, and takes the cleared flag's place (decision 148). Settled by a refund instead, the order
 * keeps a flag of its own (`late_payment_refunded`), first as ever.
 */

type Writer = Database | Tx;

/** The flag a late payment holds while the shop settles it; only placing the order again clears it (nextFlagOnceSettled). */
export const SETTLING_FLAG: PaymentFlag = 'paid_after_cancellation';

export async function flagPayment(db: Writer, orderId: string, reason: PaymentFlag): Promise<void> {
  await db
    .update(orders)
    .set({
      paymentFlag: sql`coalesce(${orders.paymentFlag}, ${reason})`,
      // Both read the row as it was: a flag behind the settling one waits, the first of them kept too.
      nextPaymentFlag: sql`case when ${orders.paymentFlag} = ${SETTLING_FLAG} then coalesce(${orders.nextPaymentFlag}, ${reason}) else ${orders.nextPaymentFlag} end`,
    })
    .where(eq(orders.id, orderId));
}

/**
 * The flag moves on from `from` (an automatic refund failed, say), shown or waiting behind the settling flag; any
 * other flag the order has is left as it is.
 */
export async function moveFlag(db: Writer, orderId: string, from: PaymentFlag, to: PaymentFlag): Promise<void> {
  await db
    .update(orders)
    .set({
      paymentFlag: sql`case when ${orders.paymentFlag} = ${from} then ${to} else ${orders.paymentFlag} end`,
      nextPaymentFlag: sql`case when ${orders.nextPaymentFlag} = ${from} then ${to} else ${orders.nextPaymentFlag} end`,
    })
    .where(and(eq(orders.id, orderId), or(eq(orders.paymentFlag, from), eq(orders.nextPaymentFlag, from))));
}

/**
 * The columns of an order placed again after its late payment (late-payment.ts placeAgain): the settling flag is
 * done with, and a flag that waited behind it is shown instead (none: the order is unflagged). Only
 * `paid_after_cancellation` is superseded: the order is placed and its money is its own, which is all that flag asked
 * for. Whatever waited is about other money (a second payment and its refund, a report that did not match) and
 * still needs staff.
 */
export const nextFlagOnceSettled = () => ({ paymentFlag: sql<PaymentFlag | null>`${orders.nextPaymentFlag}`, nextPaymentFlag: null });
