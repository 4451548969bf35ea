import { defineRefusals } from './define.ts';

/**
 * Refusals of the payments area (issue 20, decisions 059 and 060): confirming a prepaid order's payment, the
 * provider's webhooks, and a provider that cannot be reached.
 */
export const paymentRefusals = defineRefusals({
  /** The checkout's signature does not match the provider order we stored and the payment id: forged or mixed up. */
  payment_signature_invalid: { status: 400, message: () => 'This payment could not be verified. If money left your account, it will be refunded.' },
  /** The browser named another provider order than the one this order was given. */
  payment_order_mismatch: { status: 400, message: () => 'This payment belongs to another order' },
  /** Not a prepaid order waiting for its payment: cash on delivery, cancelled, or its reservation expired. */
  payment_not_pending: { status: 409, message: () => 'This order is not waiting for a payment' },
  /** Staff tried to move a prepaid order on before its payment arrived: only cancelling is open to it. */
  payment_not_received: { status: 409, message: () => 'This order has not been paid yet; it can only be cancelled until the payment arrives' },
  /** The provider does not report the payment as authorised or captured (yet). */
  payment_not_completed: { status: 409, message: () => 'The payment has not gone through. Try again or choose another way to pay.' },
  /** The provider reports another amount or currency than the order's: not applied, flagged for the shop. */
  payment_amount_mismatch: { status: 409, message: () => 'The amount paid does not match the order. The shop will look into it.' },
  /** The payment provider could not be reached or refused: the order was not kept, the cart is untouched. */
  payment_provider_unavailable: { status: 503, message: () => 'Online payment is unavailable right now. Try again in a moment, or choose cash on delivery.' },
  /** A prepaid order for less than the provider's minimum (a 100 % coupon, free shipping): it cannot be paid online. */
  prepaid_total_too_small: { status: 422, message: () => 'An order under ₹1 cannot be paid online. Choose cash on delivery.' },
  /** Too late to pay or to switch to cash on delivery: the order's stock reservation has run out. */
  payment_reservation_expired: { status: 409, message: () => 'The time to pay for this order has run out. Place the order again from your cart.' },
  /** The loopback test gateway's checkout was asked about a provider order or key it does not know. */
  payment_checkout_unknown: { status: 404, message: () => 'This payment could not be found. Start the payment again from your order.' },
  /** A webhook whose signature does not match the webhook secret. */
  webhook_signature_invalid: { status: 400, message: () => 'Webhook signature does not match' },
  /** A webhook without an event id, or whose body is not the provider's JSON event. */
  webhook_invalid: { status: 400, message: () => 'Webhook is not a payment event' },
});
