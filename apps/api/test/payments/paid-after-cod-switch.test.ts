import { invoices, orders, outbox, siteSettings } from '@shop/db';
import { type CodSettings, DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { settingsFixture } from '../fixtures.ts';
import { setTaxIdentity } from '../invoices/invoice-helpers.ts';
import { engines, type TestContext } from '../helpers.ts';
import { call, product } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, payHoldingWebhooks, placedOrder, RAZORPAY_WEBHOOK, type Shopper, verifyCheckout } from './payment-fixture.ts';

/**
 * Decision 141: a shopper switches an unpaid prepaid order to cash on delivery while an online payment for it is still
 * on its way (a UPI request approved later, checkout open in another tab). Never both: while the parcel is still the
 * shop's, the payment wins and the order is prepaid and paid again, at the provider order's amount; once the courier
 * has been told to collect cash, the payment is flagged for staff and the order is left as it is.
 */
describe.each(engines)('a payment landing after the switch to cash on delivery (%s)', (engine) => {
  let ctx: TestContext;
  let gateway: LoopbackGateway;
  let asha: Shopper;

  beforeAll(async () => {
    ({ ctx, gateway, asha } = await openPaymentShop(engine));
    await ctx.handle.db.insert(siteSettings).values(settingsFixture).onConflictDoNothing();
    // A GST-registered shop, so a paid order's invoice is issued.
    await setTaxIdentity(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function setCod(changes: Partial<CodSettings>) {
    await ctx.handle.db.update(siteSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, ...changes } });
    await ctx.app.responseCache.invalidate();
  }
  // A COD fee and a prepaid saving, so the two ways of paying cost different amounts.
  beforeEach(() => setCod({ fee: 4_900, prepaidDiscount: { percent: 10, cap: 10_000 } }));

  /** A prepaid order of one ₹600 lamp (₹540 online), switched to cash on delivery (₹649 with the fee). */
  async function switchedOrder() {
    const lamp = await product(ctx, { stock: 5, price: 60_000 });
    const placed = await placedOrder(ctx, asha, lamp.id, 'prepaid');
    expect(placed.grandTotal).toBe(54_000);
    const switched = await call(ctx.app, 'POST', `/api/user/order/${placed._id}/payment/cash-on-delivery`, asha);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ paymentMethod: 'cod', grandTotal: 64_900, codFee: 4_900, prepaidDiscount: 0 });
    return placed;
  }
  const messagesOf = async (orderId: string) =>
    (await ctx.handle.db.select({ key: outbox.dedupeKey }).from(outbox).where(eq(outbox.orderId, orderId))).map((row) => row.key ?? '');

  it('takes the payment instead of the cash: prepaid and paid again at the provider order amount, told, invoiced', async () => {
    const placed = await switchedOrder();
    await gateway.pay(placed.payment.providerOrderId);
    expect(await orderRow(ctx, placed._id)).toMatchObject({
      paymentMethod: 'prepaid',
      paymentStatus: 'captured',
      amountPaid: 54_000,
      grandTotal: 54_000,
      codFee: 0,
      prepaidDiscount: 6_000,
      codConfirmation: null,
      codConfirmBy: null,
      paymentFlag: null,
    });
    // A prepaid order's GST invoice, at the amount paid (decision 109: the batch issuer, after the webhook's commit).
    await ctx.app.invoices.issuer.drain();
    const issued = await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, placed._id));
    expect(issued.map((row) => [row.kind, row.amount])).toEqual([['invoice', 54_000]]);
    expect((await messagesOf(placed._id)).some((key) => key.includes('payment-received'))).toBe(true);
    // Its page no longer offers cash on delivery's checkout nor a new online one.
    const page = await call(ctx.app, 'GET', `/api/user/order/${placed._id}`, asha);
    expect(page.json()).toMatchObject({ paymentMethod: 'prepaid', paymentStatus: 'captured', grandTotal: 54_000 });
    expect(page.json().payment).toBeUndefined();
  });

  it("answers the shopper's other tab with the paid order when its checkout reports the payment first", async () => {
    const placed = await switchedOrder();
    gateway.holdWebhooks = true;
    let checkout: unknown;
    try {
      ({ checkout } = await gateway.pay(placed.payment.providerOrderId));
    } finally {
      gateway.holdWebhooks = false;
    }
    const verified = await verifyCheckout(ctx, asha, placed._id, checkout);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ paymentMethod: 'prepaid', paymentStatus: 'captured', grandTotal: 54_000 });
    // The held webhooks, delivered late, change nothing more.
    await gateway.releaseHeld();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentMethod: 'prepaid', paymentStatus: 'captured', amountPaid: 54_000, paymentFlag: null });
  });

  it('one capture delivered three times switches the order once', async () => {
    const placed = await switchedOrder();
    const [, captured] = await payHoldingWebhooks(ctx, placed.payment.providerOrderId);
    const answers = await Promise.all(
      [0, 1, 2].map(() => ctx.app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers: captured.headers, payload: captured.body })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentMethod: 'prepaid', paymentStatus: 'captured', amountPaid: 54_000 });
    const received = (await messagesOf(placed._id)).filter((key) => key.includes('payment-received'));
    expect(received.length).toBeGreaterThan(0);
    expect(new Set(received).size).toBe(received.length);
  });

  it('once the courier has it, never both: the payment is flagged for staff and the order still collects cash', async () => {
    const placed = await switchedOrder();
    await ctx.handle.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, placed._id));
    await gateway.pay(placed.payment.providerOrderId);
    expect(await orderRow(ctx, placed._id)).toMatchObject({
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      amountPaid: 0,
      grandTotal: 64_900,
      paymentFlag: 'paid_after_cod_switch',
    });
    expect((await messagesOf(placed._id)).some((key) => key.includes('payment-received'))).toBe(false);
  });

  it('an order switched before the provider order amount was kept is flagged, not guessed at', async () => {
    const placed = await switchedOrder();
    await ctx.handle.db.update(orders).set({ providerOrderAmount: null }).where(eq(orders.id, placed._id));
    await gateway.pay(placed.payment.providerOrderId);
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentMethod: 'cod', amountPaid: 0, paymentFlag: 'paid_after_cod_switch' });
  });

  describe('whose webhooks were all lost: the reconciliation asks once (decision 150)', () => {
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    /** The provider's payments of the order, asked for by the reconciliation (`GET /v1/orders/:id/payments`). */
    const asked = (order: { payment: { providerOrderId: string } }) => gateway.orderPaymentFetches.get(order.payment.providerOrderId) ?? 0;
    /** The shopper's other tab pays the switched order; every webhook of that payment is lost. */
    const payLosingWebhooks = async (providerOrderId: string) => {
      gateway.holdWebhooks = true;
      try {
        return { paymentId: (await gateway.pay(providerOrderId)).paymentId, lost: gateway.held.splice(0) };
      } finally {
        gateway.holdWebhooks = false;
      }
    };
    const paymentReceived = async (orderId: string) => (await messagesOf(orderId)).filter((key) => key.includes('payment-received'));

    it('finds the payment an hour on and takes it instead of the cash, once, asking the provider once', async () => {
      const placed = await switchedOrder();
      const { paymentId, lost } = await payLosingWebhooks(placed.payment.providerOrderId);
      // A cash-on-delivery order is not open to the open orders' passes, and nothing asks before the hour.
      await ctx.app.payments.reconcile(later(6));
      expect(asked(placed)).toBe(0);
      expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'pending' });

      const at = later(61);
      const report = await ctx.app.payments.reconcile(at);
      expect(report.settled.filter((settled) => settled.orderId === placed._id)).toMatchObject([{ paymentId, status: 'captured', outcome: 'applied' }]);
      expect(await orderRow(ctx, placed._id)).toMatchObject({
        paymentMethod: 'prepaid',
        paymentStatus: 'captured',
        providerPaymentId: paymentId,
        amountPaid: 54_000,
        grandTotal: 54_000,
        codFee: 0,
        paymentFlag: null,
        paymentsCheckedAt: at,
      });
      await ctx.app.invoices.issuer.drain();
      const issued = await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, placed._id));
      expect(issued.map((row) => [row.kind, row.amount])).toEqual([['invoice', 54_000]]);
      expect(await paymentReceived(placed._id)).toHaveLength(1);

      // Never asked again; the lost webhooks, arriving at last, change nothing.
      await ctx.app.payments.reconcile(later(62));
      await ctx.app.payments.reconcile(later(24 * 60));
      expect(asked(placed)).toBe(1);
      for (const sent of lost) expect(await gateway.redeliver(sent)).toBe(200);
      expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentMethod: 'prepaid', paymentStatus: 'captured', amountPaid: 54_000, paymentFlag: null });
      expect(await paymentReceived(placed._id)).toHaveLength(1);
    });

    it('flags the payment for staff once the courier has the parcel, and the order still collects cash', async () => {
      const placed = await switchedOrder();
      await ctx.handle.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, placed._id));
      await payLosingWebhooks(placed.payment.providerOrderId);
      await ctx.app.payments.reconcile(later(61));
      expect(await orderRow(ctx, placed._id)).toMatchObject({
        paymentMethod: 'cod',
        paymentStatus: 'pending',
        amountPaid: 0,
        grandTotal: 64_900,
        paymentFlag: 'paid_after_cod_switch',
      });
      expect(await paymentReceived(placed._id)).toEqual([]);
      expect(asked(placed)).toBe(1);
    });

    it('switches the order once when the check and the lost webhooks, sent again, arrive at the same moment', async () => {
      const placed = await switchedOrder();
      const { paymentId, lost } = await payLosingWebhooks(placed.payment.providerOrderId);
      const answers = await Promise.all([ctx.app.payments.reconcile(later(61)), ...lost.map((sent) => gateway.redeliver(sent))]);
      // Whichever reports first (a pass may meet the order switched back already, even as an open authorised order):
      // switched once, told once, invoiced once.
      expect(answers.slice(1)).toEqual(lost.map(() => 200));
      expect(await orderRow(ctx, placed._id)).toMatchObject({
        paymentMethod: 'prepaid',
        paymentStatus: 'captured',
        providerPaymentId: paymentId,
        amountPaid: 54_000,
        grandTotal: 54_000,
        paymentFlag: null,
      });
      expect(await paymentReceived(placed._id)).toHaveLength(1);
      await ctx.app.invoices.issuer.drain();
      expect((await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, placed._id))).map((row) => row.kind)).toEqual(['invoice']);
    });

    it('leaves an order whose only attempt failed to pay in cash: asked once, nothing reported', async () => {
      const placed = await switchedOrder();
      await gateway.fail(placed.payment.providerOrderId, { webhooks: false });
      await ctx.app.payments.reconcile(later(61));
      expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'pending', grandTotal: 64_900, paymentFlag: null });
      expect((await messagesOf(placed._id)).some((key) => key.includes('payment-failed'))).toBe(false);
      await ctx.app.payments.reconcile(later(62));
      expect(asked(placed)).toBe(1);
    });
  });
});
