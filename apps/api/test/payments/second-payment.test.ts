import { invoices, orderRefunds, outbox, paymentEvents } from '@shop/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/lib/rows.ts';
import { lockForPayment, markPaid, noEffects } from '../../src/payments/apply-payment.ts';
import { PaymentProviderError, type PaymentProvider } from '../../src/payments/provider.ts';
import type { LoopbackGateway, SentWebhook } from '../../src/payments/razorpay/loopback-gateway.ts';
import { setTaxIdentity } from '../invoices/invoice-helpers.ts';
import { engines, type TestContext } from '../helpers.ts';
import { call, product, roomyLimits } from '../orders/order-helpers.ts';
import {
  openPaymentShop,
  orderRow,
  paidOrder,
  payHoldingWebhooks,
  placedOrder,
  refundAsStaff,
  type Shopper,
  staffMember,
  verifyCheckout,
} from './payment-fixture.ts';

/**
 * A second payment captured for an order already paid (decision 146), on PGlite and PostgreSQL, through the real SDK
 * and signed webhooks of the loopback Razorpay: the shopper paid from two tabs, so the provider order has two captured
 * payment ids. The second is recorded against the order (a `duplicate_payment` ledger row naming it), the order is
 * flagged `paid_twice`, and the payment is refunded in full automatically, once, whichever reports of it come and
 * however often; the order's own payment, refunded total, invoice and refundable amount stay as they were.
 */

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe.each(engines)('a second payment for an order already paid (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const ledger = (orderId: string) => ctx.handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt));
  const refundsAsked = (paymentId: string) => [...gateway.refunds.values()].filter((refund) => refund.payment_id === paymentId);
  const refundMessages = (orderId: string) =>
    ctx.handle.db
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, 'order-refunded')));
  const creditNotes = async (orderId: string) =>
    (await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, orderId))).filter((document) => document.kind === 'credit_note');
  const outcomes = async (orderId: string, paymentId: string) =>
    (await ctx.handle.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(asc(paymentEvents.receivedAt)))
      .filter((event) => JSON.stringify(event.payload).includes(paymentId))
      .map((event) => `${event.eventType} ${event.outcome}`);
  const detail = async (orderId: string) => {
    const answer = await call(app, 'GET', `/api/admin/payments/${orderId}`, staff);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ refundable: number; payment: { flag: { code: string } | null }; refunds: Array<{ kind: string; amount: number; status: string }> }>();
  };
  /** Sends each of the webhooks, then each again twice: three deliveries of every event, as Razorpay's retries may. */
  const deliverThrice = async (webhooks: SentWebhook[]) => {
    const statuses: number[] = [];
    for (const sent of webhooks) statuses.push(await gateway.redeliver(sent));
    for (const sent of webhooks) statuses.push(await gateway.redeliver(sent), await gateway.redeliver(sent));
    await gateway.settle();
    return statuses;
  };

  beforeAll(async () => {
    // No timer pass of its own during the tests: they call the reconciliation themselves.
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine, { ...roomyLimits, paymentReconcileEverySeconds: 86_400 }));
    staff = await staffMember(ctx);
    await setTaxIdentity(ctx);
  });
  afterAll(async () => {
    gateway.holdWebhooks = false;
    await ctx?.close();
  });

  it('records, flags and refunds once a second tab’s payment whose webhooks each come three times; the order keeps its own', async () => {
    const lamp = await product(ctx, { stock: 5, price: 45_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    await app.invoices.issuer.drain();
    // The second tab's payment, captured on the same Razorpay order; its webhooks are made and held, then sent.
    const webhooks = await payHoldingWebhooks(ctx, order.payment.providerOrderId);
    const second = JSON.parse(webhooks[1].body).payload.payment.entity.id as string;
    expect(second).not.toBe(order.paymentId);

    expect(await deliverThrice(webhooks)).toEqual(Array(9).fill(200));

    const [row, ...more] = await ledger(order._id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ kind: 'duplicate_payment', amount: order.grandTotal, providerPaymentId: second, status: 'processed', restock: false });
    expect(refundsAsked(second)).toHaveLength(1);
    expect(refundsAsked(second)[0]!.notes).toMatchObject({ refund_id: row!.id, order_id: order._id });
    expect(refundsAsked(order.paymentId)).toHaveLength(0);
    // The order is paid once, by its own payment, and flagged for staff; nothing of its money is counted refunded.
    expect(await orderRow(ctx, order._id)).toMatchObject({
      paymentStatus: 'captured',
      providerPaymentId: order.paymentId,
      amountPaid: order.grandTotal,
      amountRefunded: 0,
      paymentFlag: 'paid_twice',
    });
    // The capture was flagged once; every other report of that payment (authorised, order.paid, the repeats) changed nothing.
    const seen = await outcomes(order._id, second);
    expect(seen.filter((outcome) => outcome.endsWith('flagged'))).toEqual(['payment.captured flagged']);
    expect(seen.filter((outcome) => outcome.endsWith('applied'))).toEqual(['refund.processed applied']);
    // The shopper hears of the refund once; no credit note: the second payment was never invoiced.
    const told = (await refundMessages(order._id)).map((message) => message.key);
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((key) => key?.includes(`:payment_${second}:`))).toBe(true);
    expect(new Set(told).size).toBe(told.length);
    expect(await creditNotes(order._id)).toEqual([]);

    // Staff see the flag and the refund, and the order's own payment is still refundable in full.
    const shown = await detail(order._id);
    expect(shown.payment.flag?.code).toBe('paid_twice');
    expect(shown.refunds).toMatchObject([{ kind: 'duplicate_payment', amount: order.grandTotal, status: 'processed' }]);
    expect(shown.refundable).toBe(order.grandTotal);
    const full = await refundAsStaff(ctx, staff, order._id, { kind: 'full', reason: 'Changed their mind' });
    expect(full.statusCode, full.body).toBe(202);
    await gateway.settle();
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
    expect(refundsAsked(order.paymentId)).toHaveLength(1);
    expect(refundsAsked(second)).toHaveLength(1);
  });

  it('asks one refund when the second tab’s browser report and its webhooks arrive at the same moment', async () => {
    const lamp = await product(ctx, { stock: 5, price: 30_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    gateway.holdWebhooks = true;
    let paid: Awaited<ReturnType<LoopbackGateway['pay']>>;
    try {
      paid = await gateway.pay(order.payment.providerOrderId);
    } finally {
      gateway.holdWebhooks = false;
    }
    const held = gateway.held.splice(0);
    const answers = await Promise.all([
      verifyCheckout(ctx, asha, order._id, paid.checkout),
      ...held.map((sent) => gateway.redeliver(sent)),
      verifyCheckout(ctx, asha, order._id, paid.checkout),
      ...held.map((sent) => gateway.redeliver(sent)),
    ]);
    await gateway.settle();
    const [first, ...rest] = answers;
    expect((first as { statusCode: number }).statusCode).toBe(200);
    // The tab that paid twice is answered the order, paid once by its own payment.
    expect((first as { json: () => { paymentStatus: string } }).json().paymentStatus).toBe('captured');
    expect(rest.length).toBeGreaterThan(0);
    expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: paid.paymentId, status: 'processed' }]);
    expect(refundsAsked(paid.paymentId)).toHaveLength(1);
    expect(await orderRow(ctx, order._id)).toMatchObject({ providerPaymentId: order.paymentId, amountRefunded: 0, paymentFlag: 'paid_twice' });
  });

  it('finds and refunds the second payment when every webhook of both tabs was lost, from the reconciliation, once', async () => {
    const lamp = await product(ctx, { stock: 5, price: 20_000 });
    const order = await placedOrder(ctx, asha, lamp.id, 'prepaid');
    gateway.holdWebhooks = true;
    let ids: string[];
    try {
      ids = [(await gateway.pay(order.payment.providerOrderId)).paymentId, (await gateway.pay(order.payment.providerOrderId)).paymentId];
    } finally {
      gateway.holdWebhooks = false;
    }
    const lost = gateway.held.splice(0);
    const report = await app.payments.reconcile(later(6));
    await gateway.settle();
    expect(report.settled.map((settled) => settled.outcome).sort()).toEqual(['applied', 'flagged']);
    const stored = await orderRow(ctx, order._id);
    expect(stored).toMatchObject({ paymentStatus: 'captured', amountPaid: order.grandTotal, amountRefunded: 0, paymentFlag: 'paid_twice' });
    const second = ids.find((id) => id !== stored.providerPaymentId)!;
    expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: second, status: 'processed' }]);
    // A second pass has nothing to do (the order is paid), and the webhooks arriving at last change nothing.
    await app.payments.reconcile(later(7));
    for (const sent of lost) expect(await gateway.redeliver(sent)).toBe(200);
    await gateway.settle();
    expect(await ledger(order._id)).toHaveLength(1);
    expect(refundsAsked(second)).toHaveLength(1);
    expect(refundsAsked(stored.providerPaymentId!)).toHaveLength(0);
  });

  it('gives back the first payment when its late capture follows another payment that took its authorisation’s place', async () => {
    const lamp = await product(ctx, { stock: 5, price: 25_000 });
    const order = await placedOrder(ctx, asha, lamp.id, 'prepaid');
    // The first tab's payment is authorised only; the second tab's is captured and pays the order.
    const first = await gateway.pay(order.payment.providerOrderId, { capture: false });
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'authorized', providerPaymentId: first.paymentId });
    const second = await gateway.pay(order.payment.providerOrderId);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'captured', providerPaymentId: second.paymentId });
    // Razorpay captures the first one later: it is a second payment now, given back.
    const captured = await gateway.captureLater(first.paymentId);
    await gateway.redeliver(captured);
    await gateway.redeliver(captured);
    await gateway.settle();
    expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: first.paymentId, status: 'processed' }]);
    expect(refundsAsked(first.paymentId)).toHaveLength(1);
    expect(await orderRow(ctx, order._id)).toMatchObject({ providerPaymentId: second.paymentId, amountRefunded: 0, paymentFlag: 'paid_twice' });
  });

  it('tells staff when the provider refuses the refund of the second payment, and when the bank fails it', async () => {
    const lamp = await product(ctx, { stock: 5, price: 35_000 });
    const refused = await paidOrder(ctx, asha, lamp.id);
    const provider = app.payments.provider;
    const real = provider.refund.bind(provider);
    (provider as { refund: PaymentProvider['refund'] }).refund = () => Promise.reject(new PaymentProviderError('razorpay: 400 BAD_REQUEST_ERROR refused', 400));
    let secondId: string;
    try {
      secondId = (await gateway.pay(refused.payment.providerOrderId)).paymentId;
    } finally {
      (provider as { refund: PaymentProvider['refund'] }).refund = real;
    }
    expect(await ledger(refused._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: secondId, status: 'failed' }]);
    expect(await orderRow(ctx, refused._id)).toMatchObject({ paymentFlag: 'paid_twice_refund_failed', amountRefunded: 0 });
    expect((await detail(refused._id)).refundable).toBe(refused.grandTotal);

    // Accepted, then failed at the bank: its refund.failed webhook tells staff the same way.
    const failed = await paidOrder(ctx, asha, lamp.id);
    gateway.failRefunds = 1;
    const again = await gateway.pay(failed.payment.providerOrderId);
    await gateway.settle();
    expect(await ledger(failed._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: again.paymentId, status: 'failed' }]);
    expect(await orderRow(ctx, failed._id)).toMatchObject({ paymentFlag: 'paid_twice_refund_failed', paymentStatus: 'captured', amountRefunded: 0 });
    expect(await refundMessages(failed._id)).toEqual([]);
  });

  it('leaves the order’s money alone when Razorpay refunds another payment of its own accord (an uncaptured duplicate)', async () => {
    const lamp = await product(ctx, { stock: 5, price: 15_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    await app.invoices.issuer.drain();
    // A late authorisation on the paid order, which Razorpay auto-refunds: its refund webhook names that payment.
    const late = await gateway.pay(order.payment.providerOrderId, { capture: false, webhooks: false });
    const payment = { ...gateway.payments.get(late.paymentId)!, amount_refunded: order.grandTotal, refund_status: 'full' };
    const refund = {
      id: 'rfnd_Loopback0Auto01',
      entity: 'refund',
      amount: order.grandTotal,
      currency: 'INR',
      payment_id: late.paymentId,
      notes: [],
      receipt: null,
      acquirer_data: { arn: null },
      created_at: Math.floor(Date.now() / 1000),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    const sent = await gateway.sendEvent('refund.processed', { refund: { entity: refund }, payment: { entity: payment } });
    expect(sent.status).toBe(200);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'captured', amountRefunded: 0, paymentFlag: null });
    expect(await creditNotes(order._id)).toEqual([]);
    expect(await refundMessages(order._id)).toEqual([]);
  });

  it.runIf(engine === 'postgres')(
    'gives back the authorising payment whose capture report arrives while another payment’s capture takes its place (PostgreSQL)',
    async () => {
      const lamp = await product(ctx, { stock: 5, price: 27_000 });
      const order = await placedOrder(ctx, asha, lamp.id, 'prepaid');
      // The first tab's payment is authorised and pays the order; the second tab's is captured, its reports not yet in.
      const first = await gateway.pay(order.payment.providerOrderId, { capture: false });
      expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'authorized', providerPaymentId: first.paymentId });
      const second = await gateway.pay(order.payment.providerOrderId, { webhooks: false });
      const secondPayment = await app.payments.provider.fetchPayment(second.paymentId);
      // Razorpay captures the first one; its payment.captured is held back, to arrive at the worst moment.
      gateway.holdWebhooks = true;
      let captured: SentWebhook;
      try {
        captured = await gateway.captureLater(first.paymentId);
      } finally {
        gateway.holdWebhooks = false;
      }
      gateway.held.splice(0);
      // The second payment's report holds the order's lock and takes the authorisation's place (markPaid, as its
      // webhook or browser report does) while the first one's capture report arrives and waits for that lock.
      let delivered!: Promise<number>;
      await ctx.handle.db.transaction(async (tx) => {
        const locked = await lockForPayment(tx, order._id);
        expect(await markPaid(tx, locked!, secondPayment, 'captured', noEffects())).toBe('applied');
        delivered = gateway.redeliver(captured);
        // Until the webhook's statement waits for this transaction's row lock.
        for (let waited = 0; ; waited += 20) {
          const [row] = rowsOf<{ n: number }>(
            await ctx.handle.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
          );
          if ((row?.n ?? 0) > 0) break;
          if (waited > 5_000) throw new Error('the webhook never waited for the order’s lock');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      expect(await delivered).toBe(200);
      await gateway.settle();
      // The order is the second payment's; the first, captured too, is a second payment now, and goes back once.
      expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'captured', providerPaymentId: second.paymentId, paymentFlag: 'paid_twice' });
      expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: first.paymentId, status: 'processed' }]);
      expect(refundsAsked(first.paymentId)).toHaveLength(1);
      expect(refundsAsked(second.paymentId)).toHaveLength(0);
    },
  );

  it('tells staff when the reconciliation sends a second payment’s unanswered refund again and the provider refuses it', async () => {
    const lamp = await product(ctx, { stock: 5, price: 33_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    const provider = app.payments.provider;
    const real = provider.refund.bind(provider);
    const refundBy = (fake: PaymentProvider['refund']) => ((provider as { refund: PaymentProvider['refund'] }).refund = fake);
    // The refund call gets no answer (and the provider never had it): the row stays requested, its outcome unknown.
    refundBy(() => Promise.reject(new PaymentProviderError('razorpay: not reachable')));
    let secondId: string;
    try {
      secondId = (await gateway.pay(order.payment.providerOrderId)).paymentId;
    } finally {
      refundBy(real);
    }
    expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: secondId, status: 'requested' }]);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentFlag: 'paid_twice' });
    // The reconciliation finds no such refund at the provider and sends it again, which the provider refuses.
    refundBy(() => Promise.reject(new PaymentProviderError('razorpay: 400 BAD_REQUEST_ERROR refused', 400)));
    try {
      expect((await app.payments.reconcile(later(6))).refunds).toMatchObject({ resent: 1 });
    } finally {
      refundBy(real);
    }
    expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: secondId, status: 'failed' }]);
    // Nothing will give it back now but staff: the flag says so, as when the first call is refused.
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentFlag: 'paid_twice_refund_failed', amountRefunded: 0 });
    expect(refundsAsked(secondId)).toHaveLength(0);
  });

  describe('on an order already paid, whose second payment’s webhooks were all lost (decision 148)', () => {
    /** The provider's payments of the order, asked for by the reconciliation (`GET /v1/orders/:id/payments`). */
    const asked = (order: { payment: { providerOrderId: string } }) => gateway.orderPaymentFetches.get(order.payment.providerOrderId) ?? 0;
    /** A second tab pays the paid order; every webhook of that payment is lost. */
    const payLosingWebhooks = async (providerOrderId: string) => {
      gateway.holdWebhooks = true;
      try {
        return { paymentId: (await gateway.pay(providerOrderId)).paymentId, lost: gateway.held.splice(0) };
      } finally {
        gateway.holdWebhooks = false;
      }
    };

    it('finds and refunds it once, an hour on, asking the provider once per paid order however many passes run', async () => {
      const lamp = await product(ctx, { stock: 5, price: 37_000 });
      const order = await paidOrder(ctx, asha, lamp.id);
      const quiet = await paidOrder(ctx, asha, lamp.id);
      const { paymentId: second, lost } = await payLosingWebhooks(order.payment.providerOrderId);
      // Paid orders are not open: the open orders' passes never ask about them, nor does a pass before the hour.
      await app.payments.reconcile(later(6));
      expect([asked(order), asked(quiet)]).toEqual([0, 0]);
      expect(await ledger(order._id)).toEqual([]);

      const at = later(61);
      const report = await app.payments.reconcile(at);
      await gateway.settle();
      expect(report.paidChecked).toBeGreaterThanOrEqual(2);
      expect(report.settled.filter((settled) => settled.orderId === order._id)).toEqual([
        { orderId: order._id, providerOrderId: order.payment.providerOrderId, paymentId: second, status: 'captured', outcome: 'flagged' },
      ]);
      expect(report.settled.filter((settled) => settled.orderId === quiet._id)).toEqual([]);
      expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: second, amount: order.grandTotal, status: 'processed' }]);
      expect(refundsAsked(second)).toHaveLength(1);
      expect(await orderRow(ctx, order._id)).toMatchObject({
        paymentStatus: 'captured',
        providerPaymentId: order.paymentId,
        amountRefunded: 0,
        paymentFlag: 'paid_twice',
        paymentsCheckedAt: at,
      });
      expect(await orderRow(ctx, quiet._id)).toMatchObject({ paymentFlag: null, paymentsCheckedAt: at });

      // Later passes ask about neither again; the lost webhooks, arriving at last, change nothing.
      await app.payments.reconcile(later(62));
      await app.payments.reconcile(later(24 * 60));
      expect([asked(order), asked(quiet)]).toEqual([1, 1]);
      for (const sent of lost) expect(await gateway.redeliver(sent)).toBe(200);
      await gateway.settle();
      expect(await ledger(order._id)).toHaveLength(1);
      expect(refundsAsked(second)).toHaveLength(1);
      expect(refundsAsked(order.paymentId)).toHaveLength(0);
    });

    it('asks one refund when the check and the lost webhooks, sent again, arrive at the same moment', async () => {
      const lamp = await product(ctx, { stock: 5, price: 38_000 });
      const order = await paidOrder(ctx, asha, lamp.id);
      const { paymentId: second, lost } = await payLosingWebhooks(order.payment.providerOrderId);
      const answers = await Promise.all([app.payments.reconcile(later(61)), ...lost.map((sent) => gateway.redeliver(sent))]);
      await gateway.settle();
      expect(answers.slice(1)).toEqual(lost.map(() => 200));
      expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: second, status: 'processed' }]);
      expect(refundsAsked(second)).toHaveLength(1);
      expect(await orderRow(ctx, order._id)).toMatchObject({ providerPaymentId: order.paymentId, amountRefunded: 0, paymentFlag: 'paid_twice' });
      expect(asked(order)).toBe(1);
    });

    it('marks an order the provider refuses to answer for (a 4xx) as checked and never asks again; a 5xx asks again next pass', async () => {
      const lamp = await product(ctx, { stock: 5, price: 39_500 });
      // Placed first, so asked second (newest first): the refusal before it does not stop the pass.
      const unanswered = await paidOrder(ctx, asha, lamp.id);
      const refused = await paidOrder(ctx, asha, lamp.id);
      const provider = app.payments.provider;
      const real = provider.fetchOrderPayments.bind(provider);
      const calls = new Map<string, number>();
      let gatewayError = true;
      (provider as { fetchOrderPayments: PaymentProvider['fetchOrderPayments'] }).fetchOrderPayments = (providerOrderId) => {
        calls.set(providerOrderId, (calls.get(providerOrderId) ?? 0) + 1);
        if (providerOrderId === refused.payment.providerOrderId)
          return Promise.reject(new PaymentProviderError('razorpay: 400 BAD_REQUEST_ERROR The id provided does not exist', 400));
        if (providerOrderId === unanswered.payment.providerOrderId && gatewayError)
          return Promise.reject(new PaymentProviderError('razorpay: 502 SERVER_ERROR Bad gateway', 502));
        return real(providerOrderId);
      };
      const callsOf = (order: { payment: { providerOrderId: string } }) => calls.get(order.payment.providerOrderId) ?? 0;
      try {
        const at = later(61);
        const first = await app.payments.reconcile(at);
        expect(first.failed).toBeGreaterThanOrEqual(2);
        // Refused: asking again would be refused again, so it is checked. No answer: left for the next pass.
        expect(await orderRow(ctx, refused._id)).toMatchObject({ paymentsCheckedAt: at, paymentFlag: null });
        expect(await orderRow(ctx, unanswered._id)).toMatchObject({ paymentsCheckedAt: null });
        expect([callsOf(refused), callsOf(unanswered)]).toEqual([1, 1]);

        gatewayError = false;
        const next = later(62);
        await app.payments.reconcile(next);
        await app.payments.reconcile(later(63));
        expect([callsOf(refused), callsOf(unanswered)]).toEqual([1, 2]);
        expect(await orderRow(ctx, unanswered._id)).toMatchObject({ paymentsCheckedAt: next });
        expect(await orderRow(ctx, refused._id)).toMatchObject({ paymentsCheckedAt: at });
      } finally {
        (provider as { fetchOrderPayments: PaymentProvider['fetchOrderPayments'] }).fetchOrderPayments = real;
      }
    });

    it('asks again in the next pass when the provider was down, and never after it answered', async () => {
      const lamp = await product(ctx, { stock: 5, price: 39_000 });
      const order = await paidOrder(ctx, asha, lamp.id);
      const { paymentId: second } = await payLosingWebhooks(order.payment.providerOrderId);
      gateway.down = true;
      try {
        expect((await app.payments.reconcile(later(61))).failed).toBeGreaterThan(0);
      } finally {
        gateway.down = false;
      }
      expect(await orderRow(ctx, order._id)).toMatchObject({ paymentsCheckedAt: null, paymentFlag: null });
      expect(await ledger(order._id)).toEqual([]);
      await app.payments.reconcile(later(62));
      await app.payments.reconcile(later(63));
      await gateway.settle();
      expect(asked(order)).toBe(1);
      expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: second, status: 'processed' }]);
      expect(refundsAsked(second)).toHaveLength(1);
    });
  });
});
