import Razorpay from 'razorpay';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider, type ProviderOrder, type ProviderPayment, type ProviderRefund } from '../provider.ts';
import { checkoutMessage, signatureMatches } from './signatures.ts';
import { parseRazorpayEvent, toPayment, toRefund } from './entities.ts';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** The SDK sets no timeout of its own (axios's default: none); a checkout must not hang on a slow gateway. */
const TIMEOUT_MS = 10_000;

/** What the SDK rejects with: a plain object for an HTTP error, a TypeError (no response) for a network failure. */
function providerError(error: unknown): PaymentProviderError {
  const answered = error as { statusCode?: unknown; error?: { code?: unknown; description?: unknown } } | null;
  if (answered && typeof answered.statusCode === 'number') {
    const code = typeof answered.error?.code === 'string' ? answered.error.code : undefined;
    const description = typeof answered.error?.description === 'string' ? answered.error.description : 'refused';
    return new PaymentProviderError(`razorpay: ${answered.statusCode} ${code ?? ''} ${description}`.trim(), answered.statusCode, code, { cause: error });
  }
  return new PaymentProviderError('razorpay: not reachable', undefined, undefined, { cause: error });
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

/**
 * Razorpay through its official SDK (razorpay 2.9.8, pinned: `api.rq` is internal). `baseUrl` points the SDK at
 * another host, which only the loopback test gateway uses: the SDK has no option for it (docs/providers/razorpay.md §1),
 * so its axios instance's baseURL is set, exactly as `razorpay.js` set it to https://api.razorpay.com.
 */
export function createRazorpayProvider(keys: RazorpayKeys, options: { baseUrl?: string } = {}): PaymentProvider {
  const sdk = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  const http = (sdk.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq;
  http.defaults.timeout = TIMEOUT_MS;
  if (options.baseUrl) http.defaults.baseURL = options.baseUrl;

  return {
    name: 'razorpay',
    keyId: keys.keyId,
    async createOrder({ amount, currency, receipt, notes }): Promise<ProviderOrder> {
      const order = await call(() => sdk.orders.create({ amount, currency, receipt, notes: notes ?? {} }));
      return { id: order.id, amount: Number(order.amount), currency: order.currency, receipt: order.receipt ?? null };
    },
    verifyCheckoutSignature({ providerOrderId, paymentId, signature }): boolean {
      return signatureMatches(keys.keySecret, checkoutMessage(providerOrderId, paymentId), signature);
    },
    verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean {
      return signatureMatches(keys.webhookSecret, rawBody, signature);
    },
    parseWebhook(rawBody: Buffer): PaymentEvent | null {
      return parseRazorpayEvent(rawBody);
    },
    async fetchPayment(paymentId: string): Promise<ProviderPayment> {
      const payment = await call(() => sdk.payments.fetch(paymentId));
      const parsed = toPayment(payment);
      if (!parsed) throw new PaymentProviderError('razorpay: a payment in an unknown shape');
      return parsed;
    },
    async fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
      // GET /v1/orders/:id/payments: a collection `{ entity, count, items }` of payment entities.
      const collection = await call(() => sdk.orders.fetchPayments(providerOrderId));
      const items: unknown = (collection as { items?: unknown }).items;
      if (!Array.isArray(items)) throw new PaymentProviderError('razorpay: the payments of an order in an unknown shape');
      return items.map((item: unknown) => {
        const parsed = toPayment(item);
        if (!parsed) throw new PaymentProviderError('razorpay: a payment in an unknown shape');
        return parsed;
      });
    },
    async refund(paymentId: string, { amount, notes }): Promise<ProviderRefund> {
      const refund = await call(() => sdk.payments.refund(paymentId, { ...(amount !== undefined ? { amount } : {}), notes: notes ?? {} }));
      const parsed = toRefund(refund);
      if (!parsed) throw new PaymentProviderError('razorpay: a refund in an unknown shape');
      return parsed;
    },
    async fetchRefunds(paymentId: string): Promise<ProviderRefund[]> {
      // GET /v1/payments/:id/refunds: a collection of refund entities, 10 unless asked (100 is Razorpay's most).
      const collection = await call(() => sdk.payments.fetchMultipleRefund(paymentId, { count: 100 }));
      const items: unknown = (collection as { items?: unknown }).items;
      if (!Array.isArray(items)) throw new PaymentProviderError('razorpay: the refunds of a payment in an unknown shape');
      return items.map((item: unknown) => {
        const parsed = toRefund(item);
        if (!parsed) throw new PaymentProviderError('razorpay: a refund in an unknown shape');
        return parsed;
      });
    },
    async fetchRefund(paymentId: string, refundId: string): Promise<ProviderRefund> {
      // GET /v1/payments/:id/refunds/:refund_id: the refund entity as it is now.
      const refund = await call(() => sdk.payments.fetchRefund(paymentId, refundId));
      const parsed = toRefund(refund);
      if (!parsed) throw new PaymentProviderError('razorpay: a refund in an unknown shape');
      return parsed;
    },
  };
}
