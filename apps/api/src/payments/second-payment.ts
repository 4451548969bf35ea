import { type Database, orderRefunds } from '@shop/db';
import type { Tx } from '../orders/coupons.ts';
import { Refusal } from '../lib/refusal.ts';
import { flagPayment, moveFlag } from './payment-flag.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';
import { type RefundRow, sendRefund } from './refund-order.ts';

/**
 * A second payment captured for an order already paid (decision 146): a shopper who paid from two tabs, or a provider
 * order paid by two payment ids. The money is not the order's, so it goes back to the shopper in full, automatically,
 * through the refund ledger as every refund the shop makes (decision 063):
 * - in the report's own transaction, under the order's lock, a ledger row of kind `duplicate_payment` names the
 *   payment (order_refunds.provider_payment_id, unique), and the order is flagged `paid_twice` for staff. However many
 *   reports of that payment come (its payment.captured and order.paid webhooks, each redelivered, the browser's
 *   verification, the reconciliation), one writes the row; the others find the payment recorded and change nothing;
 * - after the commit the provider is asked for the refund with the row's id in its notes, exactly as staff's refunds
 *   (refund-order.ts sendRefund): no answer leaves the row `requested` for the reconciliation; a refusal fails it and
 *   the flag becomes `paid_twice_refund_failed`, for staff to refund by hand.
 * The row draws nothing from what the order's own payment can refund (refund-ledger.ts refundableAmount), and its
 * refund.processed webhook leaves the order's refunded total, invoice and status alone (webhook.ts).
 */

/** A second payment recorded in the report's transaction, to refund once it has committed. */
export interface SecondPayment {
  row: RefundRow;
  paymentId: string;
}

/**
 * Records a second captured payment against its order (the caller holds the order's lock and has checked it is one:
 * isSecondCapture): its refund row and the flag. Null when the payment was recorded already, or nothing of it is left
 * to give back (refunded outside the shop).
 */
export async function recordSecondPayment(tx: Tx, orderId: string, payment: ProviderPayment): Promise<SecondPayment | null> {
  const left = payment.amount - payment.amountRefunded;
  if (left <= 0) return null;
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId,
      kind: 'duplicate_payment',
      amount: left,
      reason: `Paid twice: the second payment (${payment.id}) given back`,
      providerPaymentId: payment.id,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await flagPayment(tx, orderId, 'paid_twice');
  return { row, paymentId: payment.id };
}

/**
 * Asks the provider to refund a second payment recorded by recordSecondPayment, after the report's commit (a network
 * call must not hold the order's lock). A refusal flags the order `paid_twice_refund_failed`; no answer leaves the row
 * requested, its refund under way for the reconciliation to settle (reconcile-refunds.ts).
 */
export async function refundSecondPayment(db: Database, provider: PaymentProvider, second: SecondPayment): Promise<'refunding' | 'refund_failed'> {
  try {
    await sendRefund(db, provider, second.row, second.paymentId);
    return 'refunding';
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    await secondPaymentRefundFailed(db, second.row.orderId);
    return 'refund_failed';
  }
}

/**
 * The refund of a second payment was refused or failed: staff give it back by hand (the order's flag says so). Its
 * `paid_twice` moves on; an order that never showed it (another flag stood then, resolved since) gets the flag now.
 */
export async function secondPaymentRefundFailed(db: Database | Tx, orderId: string): Promise<void> {
  await moveFlag(db, orderId, 'paid_twice', 'paid_twice_refund_failed');
  await flagPayment(db, orderId, 'paid_twice_refund_failed');
}
