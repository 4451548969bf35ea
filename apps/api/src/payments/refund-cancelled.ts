import type { Database } from '@shop/db';
import { Refusal } from '../lib/refusal.ts';
import { flagPayment, moveFlag, setFlag } from './payment-flag.ts';
import type { PaymentProvider } from './provider.ts';
import { REFUNDABLE_STATUSES } from './refund-ledger.ts';
import { requestRefund } from './refund-order.ts';

/** What a cancelled order held when it was cancelled: enough to give its money back. */
export interface CancelledPayment {
  orderId: string;
  paymentStatus: string;
  providerPaymentId: string | null;
  amountPaid: number;
  amountRefunded: number;
}

/**
 * Cancelling a paid prepaid order gives the money back (issue 20): the captured amount not yet refunded or being
 * refunded, in full, through the provider; the refund.processed webhook then makes the order `refunded`. It goes
 * through the same refund record as staff's refunds (refund-order.ts, decision 063), so a cancellation and a staff
 * refund at the same moment can never together give back more than was paid. No stock moves with it: the
 * cancellation itself put the units back. Called once per cancellation, after its transaction (the status machine
 * lets an order be cancelled once, under its row lock). An authorised but uncaptured payment cannot be refunded:
 * Razorpay releases it by itself if it is never captured. If the provider refuses, the order is flagged
 * `cancel_refund_failed` for staff; if it does not answer, the refund stays under way (decision 142).
 */
export async function refundCancelled(db: Database, provider: PaymentProvider, held: CancelledPayment): Promise<'refunding' | 'not_paid' | 'refund_failed'> {
  const left = held.amountPaid - held.amountRefunded;
  if (!held.providerPaymentId || left <= 0 || !(REFUNDABLE_STATUSES as readonly string[]).includes(held.paymentStatus)) return 'not_paid';
  try {
    await requestRefund(db, provider, { orderId: held.orderId, kind: 'cancellation', reason: 'Order cancelled', restock: false });
    return 'refunding';
  } catch (error) {
    // Everything paid is already refunded or being refunded (staff got there first): nothing more to give back.
    if (error instanceof Refusal && (error.code === 'refund_order_not_paid' || error.code === 'refund_amount_invalid')) return 'not_paid';
    await setFlag(db, held.orderId, 'cancel_refund_failed');
    return 'refund_failed';
  }
}

/**
 * A cancellation's refund that the reconciliation sent again (its first call had no answer) was refused this time:
 * the order gets the flag its first call's refusal would have set, so staff know to give the money back by hand
 * (`late_payment_refund_failed` for a payment that came after the cancellation, `cancel_refund_failed` otherwise). A flag
 * staff or another report set meanwhile is kept.
 */
export async function cancellationResendRefused(db: Database, orderId: string): Promise<void> {
  await moveFlag(db, orderId, 'late_payment_refunded', 'late_payment_refund_failed');
  await flagPayment(db, orderId, 'cancel_refund_failed');
}
