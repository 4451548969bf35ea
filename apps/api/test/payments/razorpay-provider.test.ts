import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../src/payments/provider.ts';
import { LoopbackGateway, loopbackKeys } from '../../src/payments/razorpay/loopback-gateway.ts';
import { createRazorpayProvider } from '../../src/payments/razorpay/razorpay-provider.ts';
import { checkoutMessage, hmacHex, signatureMatches } from '../../src/payments/razorpay/signatures.ts';

/**
 * The Razorpay provider through the official SDK against the loopback gateway (decision 059): Razorpay's request and
 * error shapes over real HTTP, and the signature checks on their own.
 */

/** A port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Razorpay signatures', () => {
  const secret = 'key-secret';
  const message = checkoutMessage('order_ABC', 'pay_DEF');

  it('signs "<order id>|<payment id>" as hex HMAC-SHA256 and checks it', () => {
    expect(message).toBe('order_ABC|pay_DEF');
    const signature = hmacHex(secret, message);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureMatches(secret, message, signature)).toBe(true);
    expect(signatureMatches(secret, message, signature.toUpperCase())).toBe(true);
  });

  it('refuses another secret, another message, and anything that is not 64 hex characters', () => {
    const signature = hmacHex(secret, message);
    expect(signatureMatches('other', message, signature)).toBe(false);
    expect(signatureMatches(secret, 'order_ABC|pay_XYZ', signature)).toBe(false);
    expect(signatureMatches(secret, message, undefined)).toBe(false);
    expect(signatureMatches(secret, message, '')).toBe(false);
    expect(signatureMatches(secret, message, signature.slice(0, 62))).toBe(false);
    expect(signatureMatches(secret, message, `${signature}00`)).toBe(false);
    expect(signatureMatches(secret, message, 'z'.repeat(64))).toBe(false);
  });
});

describe('Razorpay provider against the loopback gateway', () => {
  const gateway = new LoopbackGateway();
  let provider: ReturnType<typeof createRazorpayProvider>;

  beforeAll(async () => {
    provider = createRazorpayProvider(gateway.keys, { baseUrl: await gateway.start() });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('creates an order in paise with the receipt, and fetches the payment made for it', async () => {
    const order = await provider.createOrder({ amount: 44_900, currency: 'INR', receipt: 'KG-261126-6VYJVV', notes: { order_id: 'x' } });
    expect(order).toEqual({ id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/), amount: 44_900, currency: 'INR', receipt: 'KG-261126-6VYJVV' });
    const { checkout, paymentId } = await gateway.pay(order.id, { webhooks: false });
    expect(provider.verifyCheckoutSignature({ providerOrderId: order.id, paymentId, signature: checkout.razorpay_signature })).toBe(true);
    expect(await provider.fetchPayment(paymentId)).toEqual({
      id: paymentId,
      orderId: order.id,
      amount: 44_900,
      currency: 'INR',
      status: 'captured',
      amountRefunded: 0,
    });
    expect(await provider.refund(paymentId, { amount: 900 })).toMatchObject({ paymentId, amount: 900, status: 'processed' });
    expect((await provider.fetchPayment(paymentId)).amountRefunded).toBe(900);
  });

  it("turns Razorpay's error envelope into PaymentProviderError with the status and code", async () => {
    const refused = await provider.createOrder({ amount: 50, currency: 'INR', receipt: 'KG-1' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({ status: 400, providerCode: 'BAD_REQUEST_ERROR' });
    expect((refused as Error).message).toMatch(/at least INR 1\.00/);
    const missing = await provider.fetchPayment('pay_Nothing0000000').catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 400, message: expect.stringMatching(/does not exist/) });
  });

  it('is refused with wrong keys (Basic auth is checked)', async () => {
    const wrong = createRazorpayProvider({ ...loopbackKeys(), keyId: gateway.keys.keyId }, { baseUrl: gateway.url });
    const refused = await wrong.createOrder({ amount: 100, currency: 'INR', receipt: 'KG-2' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'PaymentProviderError', status: 401 });
  });

  it('reports an outage and an unreachable host as PaymentProviderError (no status when nothing answered)', async () => {
    gateway.down = true;
    try {
      expect(await provider.createOrder({ amount: 100, currency: 'INR', receipt: 'KG-3' }).catch((error: unknown) => error)).toMatchObject({
        status: 503,
        providerCode: 'SERVER_ERROR',
      });
    } finally {
      gateway.down = false;
    }
    const nowhere = createRazorpayProvider(gateway.keys, { baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const unreachable = await nowhere.createOrder({ amount: 100, currency: 'INR', receipt: 'KG-4' }).catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(PaymentProviderError);
    expect((unreachable as PaymentProviderError).status).toBeUndefined();
  });

  it("parses Razorpay's webhook envelope and checks its signature over the exact bytes", async () => {
    const order = await provider.createOrder({ amount: 100, currency: 'INR', receipt: 'KG-5' });
    const received: { body: string; headers: Record<string, string> }[] = [];
    gateway.deliver = (delivery) => {
      received.push(delivery);
      return Promise.resolve(200);
    };
    try {
      await gateway.pay(order.id);
    } finally {
      gateway.deliver = undefined;
    }
    expect(received.map((delivery) => JSON.parse(delivery.body).event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    const [first] = received as [(typeof received)[number]];
    const raw = Buffer.from(first.body);
    expect(provider.verifyWebhook(raw, first.headers['x-razorpay-signature'])).toBe(true);
    expect(provider.verifyWebhook(Buffer.from(`${first.body} `), first.headers['x-razorpay-signature'])).toBe(false);
    expect(provider.parseWebhook(raw)).toMatchObject({ type: 'payment.authorized', payment: { orderId: order.id, amount: 100, status: 'authorized' } });
    expect(provider.parseWebhook(Buffer.from('not json'))).toBeNull();
    expect(provider.parseWebhook(Buffer.from('{"entity":"event","event":"payment.captured","payload":{}}'))).toBeNull();
    expect(provider.parseWebhook(Buffer.from('{"entity":"event","event":"invoice.paid","payload":{}}'))).toMatchObject({ type: 'other' });
  });
});
