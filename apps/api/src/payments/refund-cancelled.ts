import { type Database, orders } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { PaymentProvider } from './provider.ts';

/** What a cancelled order held when it was cancelled: enough to give its money back. */
export interface CancelledPayment {
  orderId: string;
  paymentStatus: string;
  providerPaymentId: string | null;
  amountPaid: number;
  amountRefunded: number;
}

/**
 * Cancelling a paid prepaid order gives the money back (issue 20): the captured amount not yet refunded, in full,
 * through the provider; the refund.processed webhook then makes the order `refunded`. Called once per cancellation,
 * after its transaction (the status machine lets an order be cancelled once, under its row lock). An authorised but
 * uncaptured payment cannot be refunded: Razorpay releases it by itself if it is never captured. If the provider
 * refuses, the order is flagged `cancel_refund_failed` for staff.
 */
export async function refundCancelled(db: Database, provider: PaymentProvider, held: CancelledPayment): Promise<'refunding' | 'not_paid' | 'refund_failed'> {
  const left = held.amountPaid - held.amountRefunded;
  if (!held.providerPaymentId || left <= 0 || !['captured', 'partially_refunded'].includes(held.paymentStatus)) return 'not_paid';
  try {
    await provider.refund(held.providerPaymentId, { amount: left, notes: { reason: 'Order cancelled', order_id: held.orderId } });
    return 'refunding';
  } catch {
    await db.update(orders).set({ paymentFlag: 'cancel_refund_failed' }).where(eq(orders.id, held.orderId));
    return 'refund_failed';
  }
}
