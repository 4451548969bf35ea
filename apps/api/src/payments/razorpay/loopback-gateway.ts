import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RazorpayKeys } from './razorpay-provider.ts';
import { checkoutMessage, hmacHex } from './signatures.ts';

/**
 * The loopback Razorpay (decision 059): a real HTTP server on 127.0.0.1 speaking the parts of Razorpay's API the shop
 * uses, in Razorpay's shapes (docs/providers/razorpay.md §2–3, §7–8), so the official SDK, the signature checks and
 * the webhook route all run for real without a network or an account. It takes Razorpay's place when the
 * RAZORPAY_* settings are unset (the embedded default and the tests) and is refused in production (config.ts).
 *
 * Besides the API it plays the shopper and Razorpay's webhook sender: `pay` makes a `pay_…` id and the checkout's
 * signature (what checkout.js hands the browser) and sends the signed webhooks Razorpay would (payment.authorized,
 * payment.captured, order.paid); `fail` sends payment.failed; `redeliver` sends an event again, byte for byte.
 * Refunds pass through Razorpay's states: made at once (`processed`, as the API's samples answer), failed at the bank
 * (`failRefunds`: answered `pending`, then `failed`), or left `pending` (`pendingRefunds`) until the test finishes them
 * (`finishRefund`), each outcome reported by its refund.processed / refund.failed webhook and kept on the refund
 * entity that `GET /v1/payments/:id/refunds[/:refund_id]` and `GET /v1/refunds/:id` answer.
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function razorpayId(prefix: string): string {
  const bytes = randomBytes(14);
  return `${prefix}${Array.from(bytes, (byte) => ALNUM[byte % ALNUM.length]).join('')}`;
}

/** Keys of the same form as Razorpay's test keys, made fresh for each gateway. */
export function loopbackKeys(): RazorpayKeys {
  return {
    keyId: `rzp_test_${razorpayId('').slice(0, 14)}`,
    keySecret: randomBytes(18).toString('base64url'),
    webhookSecret: randomBytes(18).toString('base64url'),
  };
}

interface OrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: false;
  method: string;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: null;
  email: string;
  contact: string;
  notes: [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

interface RefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: null;
  /** The bank's reference, once the refund is processed (null before, and often after: Razorpay may not have it yet). */
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

/** One webhook as sent: the exact bytes and headers, so a test can send it again. */
export interface SentWebhook {
  eventId: string;
  event: string;
  body: string;
  headers: Record<string, string>;
  /** The receiver's HTTP status; 0 when it could not be reached. */
  status: number;
}

/** How a webhook reaches the API: by default an HTTP POST to `webhookUrl`; tests pass app.inject. */
export type WebhookDeliver = (delivery: { body: string; headers: Record<string, string> }) => Promise<number>;

/** What checkout.js hands the browser after a successful payment. */
export interface CheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field?: string,
    readonly code = 'BAD_REQUEST_ERROR',
  ) {
    super(description);
  }
}

const now = () => Math.floor(Date.now() / 1000);
const notFound = () => new GatewayError(400, 'The id provided does not exist');

export class LoopbackGateway {
  readonly keys: RazorpayKeys;
  /** http://127.0.0.1:<port>, once started. */
  url = '';
  /** Where webhooks are POSTed when no `deliver` is set (the API's own webhook route). */
  webhookUrl: string | undefined;
  deliver: WebhookDeliver | undefined;
  /** While true every API call answers 503 SERVER_ERROR (a provider outage, for tests). */
  down = false;
  /**
   * The next this-many refunds are accepted (status `pending`, as Razorpay answers) and then fail at the bank: the
   * payment's refunded amount is left as it was, the refund becomes `failed` and `refund.failed` is sent instead of
   * `refund.processed`.
   */
  failRefunds = 0;
  /**
   * The next this-many refunds are accepted and stay `pending` (the bank has not made them yet): no webhook, and the
   * payment's refunded amount unchanged, until `finishRefund` says how they ended.
   */
  pendingRefunds = 0;
  readonly orders = new Map<string, OrderEntity>();
  readonly payments = new Map<string, PaymentEntity>();
  readonly refunds = new Map<string, RefundEntity>();
  readonly sent: SentWebhook[] = [];
  /**
   * How many times each order's payments were fetched (`GET /v1/orders/:id/payments`, answered), by order id: what the
   * reconciliation spends on an order (decision 148: a paid order is asked about once, not once per pass).
   */
  readonly orderPaymentFetches = new Map<string, number>();
  /**
   * While true, webhooks are made and signed but not sent: they wait in `held` (status 0) until `releaseHeld`, as when
   * the API is down and Razorpay retries later (the reconciliation and crash tests).
   */
  holdWebhooks = false;
  readonly held: SentWebhook[] = [];
  private server: Server | undefined;
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(options: { keys?: RazorpayKeys; deliver?: WebhookDeliver; webhookUrl?: string } = {}) {
    this.keys = options.keys ?? loopbackKeys();
    this.deliver = options.deliver;
    this.webhookUrl = options.webhookUrl;
  }

  async start(): Promise<string> {
    const server = createServer((request, response) => void this.handle(request, response));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    await this.settle();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits for webhooks sent in the background (after a refund) to be answered. */
  async settle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  /**
   * The shopper pays the provider order: a payment is made (authorised, then captured unless `capture` is false) and
   * Razorpay's webhooks are sent in its order, unless `webhooks` is false (a shopper whose confirmation arrives only
   * from the browser, or a webhook held back). `amount`/`currency` differ from the order's only to test mismatches.
   */
  async pay(
    providerOrderId: string,
    options: { capture?: boolean; webhooks?: boolean; amount?: number; currency?: string; method?: string } = {},
  ): Promise<{ checkout: CheckoutResult; paymentId: string; webhooks: SentWebhook[] }> {
    const order = this.orders.get(providerOrderId);
    if (!order) throw new Error(`loopback gateway: no order ${providerOrderId}`);
    const payment = this.newPayment(order, options.amount ?? order.amount, options.currency ?? order.currency, options.method ?? 'upi');
    payment.status = 'authorized';
    order.status = 'attempted';
    order.attempts += 1;
    const webhooks: SentWebhook[] = [];
    const send = options.webhooks !== false;
    if (send) webhooks.push(await this.sendEvent('payment.authorized', { payment: { entity: { ...payment } } }));
    if (options.capture !== false) {
      this.capture(payment);
      if (send) {
        webhooks.push(await this.sendEvent('payment.captured', { payment: { entity: { ...payment } } }));
        webhooks.push(await this.sendEvent('order.paid', { payment: { entity: { ...payment } }, order: { entity: { ...order } } }));
      }
    }
    const checkout = {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: hmacHex(this.keys.keySecret, checkoutMessage(order.id, payment.id)),
    };
    return { checkout, paymentId: payment.id, webhooks };
  }

  /**
   * Razorpay captures a payment left authorised (its automatic capture of a late authorisation): the payment is
   * captured and its payment.captured webhook sent.
   */
  async captureLater(paymentId: string): Promise<SentWebhook> {
    const payment = this.paymentOf(paymentId);
    if (payment.status !== 'authorized') throw new Error(`loopback gateway: payment ${paymentId} is ${payment.status}, not authorized`);
    this.capture(payment);
    return this.sendEvent('payment.captured', { payment: { entity: { ...payment } } });
  }

  /** The shopper's payment fails at the bank: a failed payment and its payment.failed webhook. */
  async fail(providerOrderId: string, options: { webhooks?: boolean } = {}): Promise<{ paymentId: string; webhooks: SentWebhook[] }> {
    const order = this.orders.get(providerOrderId);
    if (!order) throw new Error(`loopback gateway: no order ${providerOrderId}`);
    const payment = this.newPayment(order, order.amount, order.currency, 'upi');
    Object.assign(payment, {
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
      error_source: 'customer',
      error_step: 'payment_authorization',
      error_reason: 'payment_failed',
    });
    order.status = 'attempted';
    order.attempts += 1;
    const webhooks = options.webhooks === false ? [] : [await this.sendEvent('payment.failed', { payment: { entity: { ...payment } } })];
    return { paymentId: payment.id, webhooks };
  }

  /** Sends an event in Razorpay's envelope, signed with the webhook secret, with a fresh x-razorpay-event-id. */
  async sendEvent(event: string, payload: Record<string, unknown>): Promise<SentWebhook> {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_Loopback0000001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    const eventId = razorpayId('');
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(this.keys.webhookSecret, body),
      'x-razorpay-event-id': eventId,
      'user-agent': 'Razorpay-Webhook/v1',
    };
    const sent: SentWebhook = { eventId, event, body, headers, status: 0 };
    if (this.holdWebhooks) {
      this.held.push(sent);
    } else {
      sent.status = await this.post(body, headers);
    }
    this.sent.push(sent);
    return sent;
  }

  /** Sends the held webhooks, oldest first, each once (Razorpay's retry after an outage); answers them as sent. */
  async releaseHeld(): Promise<SentWebhook[]> {
    const released = this.held.splice(0);
    for (const sent of released) sent.status = await this.post(sent.body, sent.headers);
    return released;
  }

  /**
   * A refund left `pending` ends at the bank: `processed` counts it in the payment's refunded amount (the payment is
   * `refunded` once all of it is), `failed` leaves that as it was; either way the refund entity says so and its
   * webhook is sent (or held, with `holdWebhooks`, as a webhook that never arrives).
   */
  async finishRefund(refundId: string, outcome: 'processed' | 'failed'): Promise<SentWebhook> {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`loopback gateway: no refund ${refundId}`);
    if (refund.status !== 'pending') throw new Error(`loopback gateway: refund ${refundId} is ${refund.status} already`);
    const payment = this.paymentOf(refund.payment_id);
    if (outcome === 'processed') this.refunded(payment, refund);
    else refund.status = 'failed';
    return this.sendEvent(`refund.${outcome}`, { refund: { entity: { ...refund } }, payment: { entity: { ...payment } } });
  }

  /** Delivers a sent event again, the same bytes and event id (Razorpay retries at least once). */
  async redeliver(sent: SentWebhook): Promise<number> {
    return this.post(sent.body, sent.headers);
  }

  private async post(body: string, headers: Record<string, string>): Promise<number> {
    try {
      if (this.deliver) return await this.deliver({ body, headers });
      if (!this.webhookUrl) return 0;
      const response = await fetch(this.webhookUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }

  private newPayment(order: OrderEntity, amount: number, currency: string, method: string): PaymentEntity {
    const payment: PaymentEntity = {
      id: razorpayId('pay_'),
      entity: 'payment',
      amount,
      currency,
      status: 'created',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: null,
      email: 'shopper@example.com',
      contact: '+919876543210',
      notes: [],
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      created_at: now(),
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  private capture(payment: PaymentEntity): void {
    payment.status = 'captured';
    payment.captured = true;
    payment.fee = Math.round(payment.amount * 0.02);
    payment.tax = Math.round((payment.fee ?? 0) * 0.18);
    const order = this.orders.get(payment.order_id);
    if (order) {
      order.status = 'paid';
      order.amount_paid = payment.amount;
      order.amount_due = Math.max(0, order.amount - payment.amount);
    }
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const body = await readJson(request);
      if (!this.authorised(request.headers.authorization)) throw new GatewayError(401, 'Authentication failed');
      if (this.down) throw new GatewayError(503, 'The server is temporarily unavailable', undefined, 'SERVER_ERROR');
      const url = new URL(request.url ?? '/', 'http://loopback');
      reply(response, 200, this.route(request.method ?? 'GET', url.pathname, body));
    } catch (error) {
      const failure = error instanceof GatewayError ? error : new GatewayError(500, 'Internal error', undefined, 'SERVER_ERROR');
      reply(response, failure.status, {
        error: {
          code: failure.code,
          description: failure.description,
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
          field: failure.field ?? null,
        },
      });
    }
  }

  private authorised(header: string | undefined): boolean {
    if (!header?.startsWith('Basic ')) return false;
    return Buffer.from(header.slice(6), 'base64').toString('utf8') === `${this.keys.keyId}:${this.keys.keySecret}`;
  }

  private route(method: string, path: string, body: Record<string, unknown>): unknown {
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/orders') return this.createOrder(body);
    if (method === 'GET' && (match = path.match(/^\/v1\/orders\/([^/]+)$/))) return this.orderOf(match[1] as string);
    if (method === 'GET' && (match = path.match(/^\/v1\/orders\/([^/]+)\/payments$/))) {
      const order = this.orderOf(match[1] as string);
      this.orderPaymentFetches.set(order.id, (this.orderPaymentFetches.get(order.id) ?? 0) + 1);
      // Every payment attempted on the order, in any state (a captured one refunded since reads `refunded`).
      const items = [...this.payments.values()].filter((payment) => payment.order_id === order.id);
      return { entity: 'collection', count: items.length, items };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/payments\/([^/]+)$/))) return this.paymentOf(match[1] as string);
    if (method === 'POST' && (match = path.match(/^\/v1\/payments\/([^/]+)\/capture$/))) {
      const payment = this.paymentOf(match[1] as string);
      if (payment.status === 'captured') throw new GatewayError(400, 'This payment has already been captured');
      if (payment.status !== 'authorized') throw new GatewayError(400, 'Only payments which have been authorized and not yet captured can be captured');
      if (body.amount !== payment.amount) throw new GatewayError(400, 'Capture amount must be equal to the amount authorized', 'amount');
      this.capture(payment);
      return payment;
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payments\/([^/]+)\/refund$/))) return this.refund(this.paymentOf(match[1] as string), body);
    if (method === 'GET' && (match = path.match(/^\/v1\/payments\/([^/]+)\/refunds$/))) {
      const payment = this.paymentOf(match[1] as string);
      // Newest first, as Razorpay lists them.
      const items = [...this.refunds.values()].filter((refund) => refund.payment_id === payment.id).reverse();
      return { entity: 'collection', count: items.length, items };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/payments\/([^/]+)\/refunds\/([^/]+)$/))) {
      const payment = this.paymentOf(match[1] as string);
      const refund = this.refunds.get(match[2] as string);
      if (!refund || refund.payment_id !== payment.id) throw notFound();
      return refund;
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/refunds\/([^/]+)$/))) {
      const refund = this.refunds.get(match[1] as string);
      if (!refund) throw notFound();
      return refund;
    }
    throw new GatewayError(400, 'The requested URL was not found on the server.');
  }

  private createOrder(body: Record<string, unknown>): OrderEntity {
    const { amount, currency, receipt, notes } = body;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) throw new GatewayError(400, 'The amount must be at least INR 1.00', 'amount');
    if (typeof currency !== 'string' || currency.length !== 3) throw new GatewayError(400, 'The currency must be 3 characters', 'currency');
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
      throw new GatewayError(400, 'The receipt may not be greater than 40 characters.', 'receipt');
    }
    const order: OrderEntity = {
      id: razorpayId('order_'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: receipt ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: notes && typeof notes === 'object' && Object.keys(notes).length > 0 ? (notes as Record<string, string>) : [],
      created_at: now(),
    };
    this.orders.set(order.id, order);
    return order;
  }

  private refund(payment: PaymentEntity, body: Record<string, unknown>): RefundEntity {
    // Refunds still pending hold their part of the payment too.
    const held = [...this.refunds.values()].filter((refund) => refund.payment_id === payment.id && refund.status === 'pending');
    const left = payment.amount - payment.amount_refunded - held.reduce((sum, refund) => sum + refund.amount, 0);
    if (payment.status === 'refunded' || (payment.status === 'captured' && left <= 0))
      throw new GatewayError(400, 'The payment has been fully refunded already');
    if (payment.status !== 'captured') throw new GatewayError(400, 'Only captured payments can be refunded');
    const amount = body.amount === undefined ? left : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) throw new GatewayError(400, 'The amount must be at least INR 1.00', 'amount');
    if (amount > left) throw new GatewayError(400, 'The refund amount provided is greater than amount captured.', 'amount');
    const fails = this.failRefunds > 0;
    if (fails) this.failRefunds -= 1;
    const waits = !fails && this.pendingRefunds > 0;
    if (waits) this.pendingRefunds -= 1;
    const refund: RefundEntity = {
      id: razorpayId('rfnd_'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: body.notes && typeof body.notes === 'object' && Object.keys(body.notes).length > 0 ? (body.notes as Record<string, string>) : [],
      receipt: null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    this.refunds.set(refund.id, refund);
    // Made at once unless the bank fails it or takes its time; the answer is the refund as it stands then.
    if (!fails && !waits) this.refunded(payment, refund);
    const answer = { ...refund };
    if (waits) return answer;
    // Razorpay reports the refund's final state by webhook, after answering the call.
    if (fails) refund.status = 'failed';
    const webhook = this.sendEvent(`refund.${refund.status}`, { refund: { entity: { ...refund } }, payment: { entity: { ...payment } } });
    this.inflight.add(webhook);
    void webhook.finally(() => this.inflight.delete(webhook));
    return answer;
  }

  /** The bank made the refund: it is processed, and counted in the payment's refunded amount. */
  private refunded(payment: PaymentEntity, refund: RefundEntity): void {
    refund.status = 'processed';
    refund.acquirer_data = { arn: String(10_000_000_000_000 + (randomBytes(6).readUIntBE(0, 6) % 89_999_999_999_999)) };
    payment.amount_refunded += refund.amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    // "A payment moves to the refunded state only when the entire amount is refunded."
    if (payment.amount_refunded >= payment.amount) payment.status = 'refunded';
  }

  private orderOf(id: string): OrderEntity {
    const order = this.orders.get(id);
    if (!order) throw notFound();
    return order;
  }

  private paymentOf(id: string): PaymentEntity {
    const payment = this.payments.get(id);
    if (!payment) throw notFound();
    return payment;
  }
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new GatewayError(400, 'The request body is too large');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    throw new GatewayError(400, 'The request body is not valid JSON');
  }
}
