import { couponRedemptions, invoices, orderRefunds } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPayment } from '../../src/payments/apply-payment.ts';
import { settleLatePayment } from '../../src/payments/late-payment.ts';
import { PaymentProviderError, type PaymentProvider } from '../../src/payments/provider.ts';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { setTaxIdentity } from '../invoices/invoice-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, coupon, customer, product, stockOf, usedCount } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, placedOrder, placeOrder, refundAsStaff, type Shopper, staffMember, verifyCheckout } from './payment-fixture.ts';

/**
 * Money that comes for an order already cancelled (issue 20, decision 121), on PGlite and PostgreSQL: its refund goes
 * through the refund ledger as staff's refunds do (decision 063), exactly once however many confirmations arrive
 * together; and an expired order placed again takes its coupon's use again and gets its GST invoice.
 */

describe.each(engines)('late payments (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const place = (who: Shopper, productId: string, extra: Record<string, unknown> = {}) => placedOrder(ctx, who, productId, 'prepaid', extra);
  /** A prepaid order the customer cancelled before paying (its checkout still open: the money may come anyway). */
  const cancelledUnpaid = async () => {
    const lamp = await product(ctx, { stock: 3, price: 40_000 });
    const placed = await place(asha, lamp.id);
    const cancelled = await call(app, 'POST', `/api/user/order/${placed._id}/cancel`, asha);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return placed;
  };
  /**
   * A cancelled order paid while the gateway is down: the webhooks confirm the payment (no provider call), and the
   * refund asked after their commit meets the outage, so its ledger row is left `requested`, unanswered.
   */
  const paidWhileGatewayDown = async () => {
    const placed = await cancelledUnpaid();
    gateway.down = true;
    try {
      return { placed, paymentId: (await gateway.pay(placed.payment.providerOrderId)).paymentId };
    } finally {
      gateway.down = false;
    }
  };
  /**
   * An order whose reservation expired, then paid: recorded as paid (flagged paid_after_cancellation) but not yet
   * placed again, the moment between a report's commit and its settling when a report of another payment can come.
   */
  const expiredPaidUnsettled = async () => {
    const lamp = await product(ctx, { stock: 3, price: 35_000 });
    const placed = await place(asha, lamp.id);
    await app.payments.expire(later(16));
    const { paymentId } = await gateway.pay(placed.payment.providerOrderId, { webhooks: false });
    const payment = await app.payments.provider.fetchPayment(paymentId);
    expect(await applyPayment(ctx.handle.db, placed._id, payment, 'captured')).toEqual({ outcome: 'applied', late: true });
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentFlag: 'paid_after_cancellation', nextPaymentFlag: null });
    return { placed, paymentId };
  };
  /** The provider refuses every refund (a 4xx) until the returned function is called. */
  const refuseRefunds = () => {
    const provider = app.payments.provider;
    const real = provider.refund.bind(provider);
    (provider as { refund: PaymentProvider['refund'] }).refund = () => Promise.reject(new PaymentProviderError('razorpay: 400 BAD_REQUEST_ERROR refused', 400));
    return () => {
      (provider as { refund: PaymentProvider['refund'] }).refund = real;
    };
  };
  const ledger = (id: string) => ctx.handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
  const refundsAsked = (paymentId: string) => [...gateway.refunds.values()].filter((refund) => refund.payment_id === paymentId);
  const staffRefund = (orderId: string) => refundAsStaff(ctx, staff, orderId, { kind: 'full', reason: 'Refund by hand', restock: false });
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    staff = await staffMember(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refunds through the ledger: a row before the provider call, its refund id stored, settled by the webhook; a staff refund on top is refused', async () => {
    const placed = await cancelledUnpaid();
    const { checkout, paymentId } = await gateway.pay(placed.payment.providerOrderId, { webhooks: false });
    // The refund's webhooks wait, so the refund is seen under way.
    gateway.holdWebhooks = true;
    try {
      const confirmed = await verifyCheckout(ctx, asha, placed._id, checkout);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [row] = await ledger(placed._id);
      expect(row).toMatchObject({ kind: 'cancellation', amount: placed.grandTotal, status: 'pending', restock: false, requestedBy: null });
      expect(row?.reason).toBe('Paid after the order was cancelled');
      const [asked] = refundsAsked(paymentId);
      expect(row?.providerRefundId).toBe(asked?.id);
      expect(asked?.notes).toMatchObject({ refund_id: row?.id, order_id: placed._id });
      expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'captured', paymentFlag: 'late_payment_refunded' });
      // Its money is spoken for: staff cannot ask for it again while the provider's answer is on its way.
      expectRefusal(await staffRefund(placed._id), 409, 'refund_order_not_paid');
    } finally {
      gateway.holdWebhooks = false;
    }
    await gateway.releaseHeld();
    await gateway.settle();
    expect(await ledger(placed._id)).toMatchObject([{ status: 'processed', settledAt: expect.any(Date) as Date }]);
    expect(await orderRow(ctx, placed._id)).toMatchObject({
      paymentStatus: 'refunded',
      amountRefunded: placed.grandTotal,
      paymentFlag: 'late_payment_refunded',
    });
    expect(refundsAsked(paymentId)).toHaveLength(1);
  });

  it('keeps the refund requested, the payment held, when the provider cannot be reached; the reconciliation sends it once it is back', async () => {
    const { placed, paymentId } = await paidWhileGatewayDown();
    // The outage may have come after Razorpay made the refund: the row is not failed, so its money cannot be refunded
    // a second time.
    expect(await ledger(placed._id)).toMatchObject([{ kind: 'cancellation', status: 'requested', providerRefundId: null, failure: null }]);
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'captured', paymentFlag: 'late_payment_refunded' });
    expect(refundsAsked(paymentId)).toHaveLength(0);
    expectRefusal(await staffRefund(placed._id), 409, 'refund_order_not_paid');
    // The reconciliation finds Razorpay never had it and sends it again, with the same row.
    await app.payments.reconcile(later(6));
    await gateway.settle();
    expect(refundsAsked(paymentId)).toHaveLength(1);
    expect(await ledger(placed._id)).toMatchObject([{ kind: 'cancellation', status: 'processed' }]);
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: placed.grandTotal });
  });

  it('flags the order when the reconciliation sends an unanswered refund again and the provider refuses it', async () => {
    const { placed, paymentId } = await paidWhileGatewayDown();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentFlag: 'late_payment_refunded' });
    const provider = app.payments.provider;
    const real = provider.refund.bind(provider);
    (provider as { refund: PaymentProvider['refund'] }).refund = () => Promise.reject(new PaymentProviderError('razorpay: 400 BAD_REQUEST_ERROR refused', 400));
    try {
      expect((await app.payments.reconcile(later(6))).refunds).toMatchObject({ resent: 1 });
    } finally {
      (provider as { refund: PaymentProvider['refund'] }).refund = real;
    }
    expect(await ledger(placed._id)).toMatchObject([{ kind: 'cancellation', status: 'failed' }]);
    // Nothing will give it back now but staff: the flag says so, as when the first call is refused.
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'captured', paymentFlag: 'late_payment_refund_failed' });
    expect(refundsAsked(paymentId)).toHaveLength(0);
  });

  it('marks the row failed and flags the order when the provider refuses the refund; staff can then refund it by hand', async () => {
    const placed = await cancelledUnpaid();
    const provider = app.payments.provider;
    const real = provider.refund.bind(provider);
    (provider as { refund: PaymentProvider['refund'] }).refund = () => Promise.reject(new PaymentProviderError('razorpay: 400 BAD_REQUEST_ERROR refused', 400));
    let paymentId: string;
    try {
      paymentId = (await gateway.pay(placed.payment.providerOrderId)).paymentId;
    } finally {
      (provider as { refund: PaymentProvider['refund'] }).refund = real;
    }
    expect(await ledger(placed._id)).toMatchObject([{ kind: 'cancellation', status: 'failed', providerRefundId: null, failure: expect.any(String) as string }]);
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'captured', paymentFlag: 'late_payment_refund_failed' });
    expect(refundsAsked(paymentId)).toHaveLength(0);
    // A failed row holds no money: the whole payment can still be refunded by staff.
    const byHand = await staffRefund(placed._id);
    expect(byHand.statusCode, byHand.body).toBe(202);
    await gateway.settle();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: placed.grandTotal });
  });

  it('asks one refund and writes one ledger row when the browser, the webhooks and the reconciliation confirm at once', async () => {
    const placed = await cancelledUnpaid();
    // The webhooks are made and held, to be sent while the browser and the reconciliation confirm.
    gateway.holdWebhooks = true;
    let paid: Awaited<ReturnType<LoopbackGateway['pay']>>;
    try {
      paid = await gateway.pay(placed.payment.providerOrderId);
    } finally {
      gateway.holdWebhooks = false;
    }
    const answers = await Promise.all([
      verifyCheckout(ctx, asha, placed._id, paid.checkout),
      gateway.releaseHeld(),
      app.payments.reconcile(later(6)),
      verifyCheckout(ctx, asha, placed._id, paid.checkout),
      app.payments.reconcile(later(6)),
    ]);
    expect((answers[0] as { statusCode: number }).statusCode).toBe(200);
    expect((answers[1] as Array<{ status: number }>).map((sent) => sent.status)).toEqual([200, 200, 200]);
    await gateway.settle();
    expect(refundsAsked(paid.paymentId)).toHaveLength(1);
    expect(await ledger(placed._id)).toMatchObject([{ status: 'processed', amount: placed.grandTotal }]);
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentStatus: 'refunded', paymentFlag: 'late_payment_refunded' });
  });

  it('settles a late payment once when five callers settle it at the same moment', async () => {
    const placed = await cancelledUnpaid();
    const { paymentId } = await gateway.pay(placed.payment.providerOrderId, { webhooks: false });
    // Recorded as paid (flagged paid_after_cancellation) but not settled yet: the moment every caller reaches.
    const payment = await app.payments.provider.fetchPayment(paymentId);
    expect(await applyPayment(ctx.handle.db, placed._id, payment, 'captured')).toEqual({ outcome: 'applied', late: true });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => settleLatePayment(ctx.handle.db, app.payments.provider, placed._id)));
    expect(outcomes.filter((outcome) => outcome === 'refunding')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'none')).toHaveLength(4);
    await gateway.settle();
    expect(refundsAsked(paymentId)).toHaveLength(1);
    expect(await ledger(placed._id)).toHaveLength(1);
  });

  it('asks nothing more when staff refunded the late payment before it was settled', async () => {
    const placed = await cancelledUnpaid();
    const { paymentId } = await gateway.pay(placed.payment.providerOrderId, { webhooks: false });
    const payment = await app.payments.provider.fetchPayment(paymentId);
    await applyPayment(ctx.handle.db, placed._id, payment, 'captured');
    expect((await staffRefund(placed._id)).statusCode).toBe(202);
    expect(await settleLatePayment(ctx.handle.db, app.payments.provider, placed._id)).toBe('already_refunded');
    await gateway.settle();
    expect(refundsAsked(paymentId)).toHaveLength(1);
    expect(await ledger(placed._id)).toMatchObject([{ kind: 'full', status: 'processed' }]);
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentStatus: 'refunded', paymentFlag: 'late_payment_refunded' });
  });

  it("takes the coupon's use again when an expired order is placed again, even past the coupon's limit, keeping the price paid", async () => {
    const once = await coupon(ctx, { type: 'fixed', value: 5_000, maxUses: 1, maxUsesPerCustomer: null });
    const lamp = await product(ctx, { stock: 5, price: 60_000 });
    const expired = await place(asha, lamp.id, { couponCode: once.code });
    expect(expired.discount).toBe(5_000);
    expect(await usedCount(ctx, once.id)).toBe(1);
    await app.payments.expire(later(16));
    expect(await orderRow(ctx, expired._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    // The expiry gave the use back, and another customer took it meanwhile: the coupon is at its limit.
    expect(await usedCount(ctx, once.id)).toBe(0);
    const ravi = await customer(ctx);
    await place(ravi, lamp.id, { couponCode: once.code });
    expect(await usedCount(ctx, once.id)).toBe(1);

    await gateway.pay(expired.payment.providerOrderId);
    expect(await orderRow(ctx, expired._id)).toMatchObject({
      status: 'placed',
      paymentStatus: 'captured',
      paymentFlag: null,
      discount: 5_000,
      couponId: once.id,
    });
    expect(await usedCount(ctx, once.id)).toBe(2);
    const held = await ctx.handle.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, expired._id));
    expect(held).toMatchObject([{ couponId: once.id, userId: asha.userId }]);
    expect(await stockOf(ctx, lamp.id)).toBe(3);
    // New orders still stop at the limit; staff can still save the coupon with the limit it passed, not lower it.
    const meera = await customer(ctx);
    const refused = await placeOrder(ctx, meera, lamp.id, 'prepaid', { couponCode: once.code });
    expectRefusal(refused, 409, 'coupon_used_up');
    const saved = await call(app, 'PUT', `/api/admin/coupons/${once.id}`, staff, {
      code: once.code,
      type: 'fixed',
      value: 5_000,
      maxUses: 1,
      description: 'Once',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Cancelled again, the order gives its use back once more.
    expect((await call(app, 'POST', `/api/user/order/${expired._id}/cancel`, asha)).statusCode).toBe(200);
    expect(await usedCount(ctx, once.id)).toBe(1);
    await gateway.settle();
  });

  it('issues the GST invoice of an expired order placed again, through the webhook and through the browser', async () => {
    await setTaxIdentity(ctx);
    try {
      const lamp = await product(ctx, { stock: 5, price: 45_000 });
      const byWebhook = await place(asha, lamp.id);
      const byBrowser = await place(asha, lamp.id);
      await app.payments.expire(later(16));
      await gateway.pay(byWebhook.payment.providerOrderId);
      const { checkout } = await gateway.pay(byBrowser.payment.providerOrderId, { webhooks: false });
      expect((await verifyCheckout(ctx, asha, byBrowser._id, checkout)).statusCode).toBe(200);
      for (const placed of [byWebhook, byBrowser]) expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'placed', paymentStatus: 'captured' });
      await app.invoices.issuer.drain();
      for (const placed of [byWebhook, byBrowser]) {
        const issued = await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, placed._id));
        expect(issued.map((row) => row.kind)).toEqual(['invoice']);
        expect((await orderRow(ctx, placed._id)).invoiceDueAt).toBeNull();
      }
    } finally {
      await setTaxIdentity(ctx, null);
    }
  });

  it("takes an unlimited coupon's use again too, and none when the units are gone and the payment is refunded", async () => {
    const open = await coupon(ctx, { type: 'percent', value: 10, maxUses: null, maxUsesPerCustomer: null });
    const lamp = await product(ctx, { stock: 1, price: 50_000 });
    const again = await place(asha, lamp.id, { couponCode: open.code });
    await app.payments.expire(later(16));
    expect(await usedCount(ctx, open.id)).toBe(0);
    await gateway.pay(again.payment.providerOrderId);
    expect(await orderRow(ctx, again._id)).toMatchObject({ status: 'placed' });
    expect(await usedCount(ctx, open.id)).toBe(1);

    const scarce = await product(ctx, { stock: 1, price: 50_000 });
    const gone = await place(asha, scarce.id, { couponCode: open.code });
    expect(await usedCount(ctx, open.id)).toBe(2);
    await app.payments.expire(later(16));
    await place(await customer(ctx), scarce.id);
    await gateway.pay(gone.payment.providerOrderId);
    await gateway.settle();
    expect(await orderRow(ctx, gone._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', paymentFlag: 'late_payment_refunded' });
    expect(await ledger(gone._id)).toMatchObject([
      { kind: 'cancellation', status: 'processed', reason: 'Paid after the reservation expired; the items were sold out' },
    ]);
    expect(await usedCount(ctx, open.id)).toBe(1);
  });

  it.each([
    { refused: false, flag: 'paid_twice' },
    { refused: true, flag: 'paid_twice_refund_failed' },
  ])('keeps a second payment’s flag ($flag) raised while the late payment was settling when the order is placed again', async ({ refused, flag }) => {
    const { placed, paymentId } = await expiredPaidUnsettled();
    // The second tab's payment is captured and reported now: recorded, refunded (or refused), flagged behind.
    const restore = refused ? refuseRefunds() : () => {};
    let second: string;
    try {
      second = (await gateway.pay(placed.payment.providerOrderId)).paymentId;
    } finally {
      restore();
    }
    await gateway.settle();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentFlag: 'paid_after_cancellation', nextPaymentFlag: flag });

    expect(await settleLatePayment(ctx.handle.db, app.payments.provider, placed._id)).toBe('reserved');
    // Placed again, the late payment needs no one; the second payment still does, so its flag is shown.
    expect(await orderRow(ctx, placed._id)).toMatchObject({
      status: 'placed',
      paymentStatus: 'captured',
      providerPaymentId: paymentId,
      paymentFlag: flag,
      nextPaymentFlag: null,
    });
    expect(await ledger(placed._id)).toMatchObject([
      { kind: 'duplicate_payment', providerPaymentId: second, status: refused ? 'failed' : 'processed', amount: placed.grandTotal },
    ]);
    expect(refundsAsked(second)).toHaveLength(refused ? 0 : 1);
    expect(refundsAsked(paymentId)).toHaveLength(0);
  });

  it('keeps a mismatched report’s flag raised while the late payment was settling when the order is placed again', async () => {
    const { placed } = await expiredPaidUnsettled();
    await gateway.pay(placed.payment.providerOrderId, { amount: placed.grandTotal + 1_000 });
    expect(await settleLatePayment(ctx.handle.db, app.payments.provider, placed._id)).toBe('reserved');
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'placed', paymentFlag: 'amount_mismatch', nextPaymentFlag: null });
  });

  it('moves a waiting second payment’s flag when its refund fails at the bank after the order was placed again', async () => {
    const { placed } = await expiredPaidUnsettled();
    // The second payment's capture is reported; its refund is accepted, to fail at the bank, its webhook held back.
    gateway.failRefunds = 1;
    gateway.holdWebhooks = true;
    let second: string;
    try {
      second = (await gateway.pay(placed.payment.providerOrderId)).paymentId;
      const [, captured] = gateway.held.splice(0);
      expect(await gateway.redeliver(captured!)).toBe(200);
    } finally {
      gateway.holdWebhooks = false;
    }
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentFlag: 'paid_after_cancellation', nextPaymentFlag: 'paid_twice' });
    expect(await settleLatePayment(ctx.handle.db, app.payments.provider, placed._id)).toBe('reserved');
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'placed', paymentFlag: 'paid_twice', nextPaymentFlag: null });
    // The refund.failed webhook, delivered now, moves the flag that is shown.
    expect((await gateway.releaseHeld()).map((sent) => sent.event)).toEqual(['refund.failed']);
    await gateway.settle();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'placed', paymentFlag: 'paid_twice_refund_failed', nextPaymentFlag: null });
    expect(await ledger(placed._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: second, status: 'failed' }]);
  });
});
