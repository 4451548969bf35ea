/**
 * The payment seam (issue 20, decision 059): what the shop needs from an online payment provider. Razorpay fills it
 * (razorpay/razorpay-provider.ts, with the official SDK); another Indian gateway (Cashfree, PhonePe PG) could fill it
 * later without the order code changing. Amounts are integer paise, currencies ISO codes.
 */

export type ProviderName = 'razorpay';

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
}

/** A payment as the provider reports it (fetched, or inside a webhook). */
export interface ProviderPayment {
  id: string;
  /** The provider order it pays; null for a payment made without one. */
  orderId: string | null;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amountRefunded: number;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  /** The notes the refund was asked with (the shop's own refund id is `refund_id`), echoed by the provider. */
  notes?: Record<string, string>;
}

/** A webhook as the shop acts on it, whatever the provider's own shape. */
export interface PaymentEvent {
  type: 'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid' | 'refund.processed' | 'refund.failed' | 'other';
  /** The provider's name of the event, as sent. */
  name: string;
  payment: ProviderPayment | null;
  refund: ProviderRefund | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The public key the browser's checkout opens with. */
  readonly keyId: string;
  createOrder(input: { amount: number; currency: string; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder>;
  /** The checkout's signature over OUR stored provider order id and the payment id, compared in constant time. */
  verifyCheckoutSignature(input: { providerOrderId: string; paymentId: string; signature: string }): boolean;
  /** The webhook's signature over the exact bytes received, compared in constant time. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
  /** A verified webhook body as an event, or null when it is not one the provider sends. */
  parseWebhook(rawBody: Buffer): PaymentEvent | null;
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Every payment attempted for a provider order, in any state (the reconciliation asks when no webhook came). */
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  refund(paymentId: string, input: { amount?: number; notes?: Record<string, string> }): Promise<ProviderRefund>;
  /** The refunds made of a payment, with their notes (the reconciliation finds a refund it never heard of by our id). */
  fetchRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** One refund of a payment as the provider has it now (the reconciliation asks about a refund left pending). */
  fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund>;
}

/**
 * The provider could not be reached, timed out, or refused the call. `status` is the provider's HTTP status when it
 * answered (a 4xx names a request it will never accept), undefined when it did not answer at all.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly status?: number,
    readonly providerCode?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
