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

/** What a failed provider call says about the request (providerFailure). */
export type ProviderFailure = 'refused' | 'unanswered';

/**
 * What a failed provider call says about the request: one rule for every caller (decisions 142, 146 and 148).
 * - `refused`: the provider answered with a 4xx, a request it will never accept (the amount, the payment's state, the
 *   keys). It did nothing, and asking the same again is pointless: a refund asked for is failed and staff are told, a
 *   paid order's payments are not asked about again.
 * - `unanswered`: no answer at all (a network error, a timeout, a body we cannot read) or a 5xx, the provider saying it
 *   is failing. Whether it acted is unknown (a refund may have been made), so nothing is marked failed; and the next
 *   call would most likely fail the same way, so a reconciliation pass stops asking until its next run (an outage).
 * - null: not the provider's failure (an error of our own), or an answer of a status no API call ends with.
 */
export function providerFailure(error: unknown): ProviderFailure | null {
  if (!(error instanceof PaymentProviderError)) return null;
  if (error.status === undefined || error.status >= 500) return 'unanswered';
  if (error.status >= 400) return 'refused';
  return null;
}
