import { type Database, orders } from '@shop/db';
import type { Order, VerifyPaymentRequest } from '@shop/domain/order';
import { PREPAID } from '@shop/domain/payment';
import { and, eq } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';
import { findOrder, isOrderId } from '../orders/order-view.ts';
import { applyPayment, mismatchOf } from './apply-payment.ts';
import { settleLatePayment } from './late-payment.ts';
import { PaymentProviderError, type PaymentProvider } from './provider.ts';
import { refundSecondPayment } from './second-payment.ts';

/**
 * The browser's report of a payment (POST /api/user/order/{id}/payment/verify, decision 060). The signature is
 * checked against the provider order id WE stored for the caller's order, never the one the browser sends (that is
 * only compared, to refuse a mix-up); then the payment is fetched from the provider, whose word on its amount,
 * currency and status decides. The order is marked paid as the webhooks mark it (locked, one conditional update, its
 * message and invoice in the same transaction), so the browser and a webhook confirming at once change it once, and a
 * repeat answers the paid order again. A second payment for an order already paid (a second tab) is given back
 * (decision 146) and the order answered as it is: paid once.
 */
export async function verifyCheckout(
  db: Database,
  provider: PaymentProvider,
  caller: { userId: string; orderId: string },
  body: Required<VerifyPaymentRequest>,
): Promise<Order> {
  if (!isOrderId(caller.orderId)) throw new Refusal('order_not_found');
  const orderId = caller.orderId.toLowerCase();
  const [order] = await db
    .select({
      id: orders.id,
      grandTotal: orders.grandTotal,
      paymentMethod: orders.paymentMethod,
      paymentProvider: orders.paymentProvider,
      providerOrderId: orders.providerOrderId,
      providerPaymentId: orders.providerPaymentId,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, caller.userId)))
    .limit(1);
  if (!order) throw new Refusal('order_not_found');
  // An order switched to cash on delivery keeps its provider order: a payment already on its way may still land, and
  // applyPayment decides whether it replaces the cash (decision 141).
  if (order.paymentProvider !== provider.name || !order.providerOrderId) throw new Refusal('payment_not_pending');
  if (body.razorpay_order_id !== order.providerOrderId) throw new Refusal('payment_order_mismatch');
  const signed = provider.verifyCheckoutSignature({
    providerOrderId: order.providerOrderId,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  if (!signed) throw new Refusal('payment_signature_invalid');
  // Already confirmed by this payment (a repeat, or the webhook was first): the same answer, no provider call.
  if (order.providerPaymentId === body.razorpay_payment_id) return (await findOrder(db, orderId, caller.userId)) as Order;

  let payment;
  try {
    payment = await provider.fetchPayment(body.razorpay_payment_id);
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new Refusal('payment_provider_unavailable');
    throw error;
  }
  if (payment.orderId !== order.providerOrderId) throw new Refusal('payment_order_mismatch');
  if (payment.status !== 'authorized' && payment.status !== 'captured' && payment.status !== 'refunded') throw new Refusal('payment_not_completed');
  if (order.paymentMethod === PREPAID && mismatchOf(order, payment)) {
    // Flagged for staff (applyPayment does not apply a mismatch), and refused.
    await applyPayment(db, orderId, payment, 'captured');
    throw new Refusal('payment_amount_mismatch');
  }
  const { outcome, late, secondPayment } = await applyPayment(db, orderId, payment, payment.status === 'authorized' ? 'authorized' : 'captured');
  // Money for an order that expired meanwhile: placed again or refunded.
  if (outcome === 'applied' && late && payment.status !== 'authorized') await settleLatePayment(db, provider, orderId);
  // Money for an order another payment had paid: given back, once, by whichever report recorded it.
  if (secondPayment) await refundSecondPayment(db, provider, secondPayment);
  return (await findOrder(db, orderId, caller.userId)) as Order;
}
