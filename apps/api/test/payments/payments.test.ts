import { invoices, orderLines, orders, orderStatusHistory, outbox, paymentEvents, siteSettings } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiredReservations } from '../../src/payments/cancel-unpaid.ts';
import { hmacHex } from '../../src/payments/razorpay/signatures.ts';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { setTaxIdentity } from '../invoices/invoice-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, product, stockOf } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, payHoldingWebhooks, placeOrder, RAZORPAY_WEBHOOK, type Shopper, staffMember, verifyCheckout } from './payment-fixture.ts';

/**
 * Prepaid orders through the loopback Razorpay (issue 20, decisions 059 and 060), on PGlite and PostgreSQL: the real
 * SDK talks HTTP to the loopback gateway, whose signed webhooks reach the API's webhook route.
 */

describe.each(engines)('prepaid payments (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;

  const prepaid = (who: Shopper, productId: string, quantity = 1) => placeOrder(ctx, who, [{ productId, quantity }], 'prepaid');

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('places a prepaid order: stock reserved, a Razorpay order for the grand total with our number as receipt', async () => {
    const lamp = await product(ctx, { stock: 5, price: 50_000 });
    const response = await prepaid(asha, lamp.id, 2);
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json();
    expect(placed).toMatchObject({ paymentMethod: 'prepaid', paymentStatus: 'pending', status: 'placed' });
    expect(placed.payment).toMatchObject({ provider: 'razorpay', keyId: gateway.keys.keyId, amount: placed.grandTotal, currency: 'INR' });
    expect(placed.payment.providerOrderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(Date.parse(placed.reservationExpiresAt) - Date.parse(placed.createdAt)).toBe(15 * 60_000);
    expect(gateway.orders.get(placed.payment.providerOrderId)).toMatchObject({ amount: placed.grandTotal, receipt: placed.number });
    expect(await stockOf(ctx, lamp.id)).toBe(3);
    expect((await orderRow(ctx, placed._id)).providerOrderId).toBe(placed.payment.providerOrderId);
  });

  it('verifies the checkout signature against the stored order id: good marks it paid once, forged and mismatched change nothing', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const placed = (await prepaid(asha, lamp.id)).json();
    const { checkout } = await gateway.pay(placed.payment.providerOrderId, { webhooks: false });

    const forged = { ...checkout, razorpay_signature: hmacHex('not-the-secret', `${checkout.razorpay_order_id}|${checkout.razorpay_payment_id}`) };
    expectRefusal(await verifyCheckout(ctx, asha, placed._id, forged), 400, 'payment_signature_invalid');
    // A signature for another payment id (a replay of another order's payment) is refused too.
    const other = (await prepaid(asha, lamp.id)).json();
    const otherPaid = await gateway.pay(other.payment.providerOrderId, { webhooks: false });
    expectRefusal(
      await verifyCheckout(ctx, asha, placed._id, { ...otherPaid.checkout, razorpay_order_id: checkout.razorpay_order_id }),
      400,
      'payment_signature_invalid',
    );
    expectRefusal(await verifyCheckout(ctx, asha, placed._id, otherPaid.checkout), 400, 'payment_order_mismatch');
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('pending');

    const good = await verifyCheckout(ctx, asha, placed._id, checkout);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ paymentStatus: 'captured', reservationExpiresAt: null });
    const row = await orderRow(ctx, placed._id);
    expect(row).toMatchObject({ paymentStatus: 'captured', providerPaymentId: checkout.razorpay_payment_id, amountPaid: placed.grandTotal });
    // Replayed: the same answer, nothing changes.
    const again = await verifyCheckout(ctx, asha, placed._id, checkout);
    expect(again.statusCode).toBe(200);
    expect((await orderRow(ctx, placed._id)).updatedAt).toEqual(row.updatedAt);
    // Someone else's order is not found; a cash-on-delivery order is not waiting for a payment.
    const ravi = await customer(ctx);
    expectRefusal(await verifyCheckout(ctx, ravi, placed._id, checkout), 404, 'order_not_found');
    const cod = await placeOrder(ctx, asha, lamp.id, 'cod');
    expect(cod.json().paymentStatus).toBe('pending');
    expectRefusal(await verifyCheckout(ctx, asha, cod.json()._id, checkout), 409, 'payment_not_pending');
    expectRefusal(await verifyCheckout(ctx, asha, placed._id, { razorpay_payment_id: 'x' }), 400, 'validation_failed');
  });

  it('lets the shop only cancel a prepaid order until its payment arrives, then move it on (409 payment_not_received)', async () => {
    const staff = await staffMember(ctx);
    const move = (id: string, body: unknown) => call(app, 'POST', `/api/admin/orders/${id}/status`, staff, body);
    const lamp = await product(ctx, { stock: 5 });
    const unpaid = (await prepaid(asha, lamp.id)).json();
    expectRefusal(await move(unpaid._id, { status: 'confirmed' }), 409, 'payment_not_received');
    expect((await orderRow(ctx, unpaid._id)).status).toBe('placed');
    await gateway.pay(unpaid.payment.providerOrderId);
    expect((await move(unpaid._id, { status: 'confirmed' })).statusCode).toBe(200);
    const another = (await prepaid(asha, lamp.id)).json();
    expect((await move(another._id, { status: 'cancelled', note: 'Payment never came' })).statusCode).toBe(200);
  });

  it('takes the three webhooks of one payment delivered at the same moment (invoice issued on the way) without a deadlock', async () => {
    // Razorpay sends payment.authorized, payment.captured and order.paid within milliseconds and may deliver them in
    // parallel. Each records its event (a key-share lock on the order through the foreign key) and the capture issues
    // the GST invoice, which locks the order too: a lock that waited on those key-share locks deadlocked (500s).
    // The shop's settings row (and so its name in messages) is put back as it was for the tests after this one.
    const hadSettings = (await ctx.handle.db.select({ id: siteSettings.id }).from(siteSettings)).length > 0;
    await setTaxIdentity(ctx);
    // In a finally: a failed round must not leave its settings to the tests after it (they would fail for that).
    try {
      for (let round = 0; round < 5; round++) {
        const lamp = await product(ctx, { stock: 5 });
        const placed = (await prepaid(asha, lamp.id)).json();
        const held = await payHoldingWebhooks(ctx, placed.payment.providerOrderId);
        const replies = await Promise.all(held.map((sent) => app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers: sent.headers, payload: sent.body })));
        expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
        expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('captured');
        // Decision 109: the invoice is issued by the batch issuer just after the paying webhook's commit.
        await app.invoices.issuer.drain();
        const issued = await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, placed._id));
        expect(issued.map((row) => row.kind)).toEqual(['invoice']);
      }
    } finally {
      if (hadSettings) await setTaxIdentity(ctx, null);
      else await ctx.handle.db.delete(siteSettings);
    }
  });

  it('applies the same webhook delivered 3 times once, and records it once', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const placed = (await prepaid(asha, lamp.id)).json();
    const { webhooks } = await gateway.pay(placed.payment.providerOrderId);
    expect(webhooks.map((sent) => [sent.event, sent.status])).toEqual([
      ['payment.authorized', 200],
      ['payment.captured', 200],
      ['order.paid', 200],
    ]);
    const captured = webhooks[1]!;
    const before = await orderRow(ctx, placed._id);
    expect(before.paymentStatus).toBe('captured');
    for (let i = 0; i < 3; i++) expect(await gateway.redeliver(captured)).toBe(200);
    const replies = await Promise.all(
      [0, 1, 2].map(() => app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers: captured.headers, payload: captured.body })),
    );
    expect(replies.map((reply) => reply.json().outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect((await orderRow(ctx, placed._id)).updatedAt).toEqual(before.updatedAt);
    const events = await ctx.handle.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, placed._id));
    expect(events.map((event) => event.eventType).sort()).toEqual(['order.paid', 'payment.authorized', 'payment.captured']);
    expect(events.find((event) => event.eventType === 'payment.captured')?.outcome).toBe('applied');
    expect(events.find((event) => event.eventType === 'order.paid')?.outcome).toBe('ignored');
    // One confirmation for the customer, when the money came: none saying "pay on delivery" when it was placed.
    const messages = (await ctx.handle.db.select().from(outbox)).filter((message) => message.bodyText.includes(placed.number));
    expect(messages.map((message) => [message.recipient, message.bodyText])).toEqual([
      [asha.phone, expect.stringMatching(new RegExp(`^Kaarigar Gifts: payment of .+ received for order ${placed.number}\\. Details: `))],
    ]);
  });

  it('leaves a captured order paid when payment.failed and a late payment.authorized arrive after it', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const placed = (await prepaid(asha, lamp.id)).json();
    const { paymentId } = await gateway.pay(placed.payment.providerOrderId);
    const payment = gateway.payments.get(paymentId)!;
    const failed = await gateway.sendEvent('payment.failed', { payment: { entity: { ...payment, status: 'failed' } } });
    const authorised = await gateway.sendEvent('payment.authorized', { payment: { entity: { ...payment, status: 'authorized' } } });
    expect([failed.status, authorised.status]).toEqual([200, 200]);
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('captured');
  });

  it('moves a failed payment to captured on a later success (late authorisation), and a refund to refunded', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const placed = (await prepaid(asha, lamp.id)).json();
    await gateway.fail(placed.payment.providerOrderId);
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('failed');
    const { paymentId } = await gateway.pay(placed.payment.providerOrderId);
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('captured');
    await app.payments.provider.refund(paymentId, { amount: 10_000 });
    await gateway.settle();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 10_000 });
    await app.payments.provider.refund(paymentId, {});
    await gateway.settle();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: placed.grandTotal });
  });

  it('does not apply an amount that differs from the order: flagged for staff, still pending', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const placed = (await prepaid(asha, lamp.id)).json();
    const { webhooks, checkout } = await gateway.pay(placed.payment.providerOrderId, { amount: placed.grandTotal - 100 });
    expect(webhooks.every((sent) => sent.status === 200)).toBe(true);
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentStatus: 'pending', paymentFlag: 'amount_mismatch', amountPaid: 0 });
    expectRefusal(await verifyCheckout(ctx, asha, placed._id, checkout), 409, 'payment_amount_mismatch');
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('pending');
  });

  it('refuses a forged, unsigned or garbled webhook with 400 and changes nothing', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const placed = (await prepaid(asha, lamp.id)).json();
    const { webhooks } = await gateway.pay(placed.payment.providerOrderId, { webhooks: false });
    expect(webhooks).toEqual([]);
    const payment = [...gateway.payments.values()].find((entry) => entry.order_id === placed.payment.providerOrderId)!;
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: payment } } });
    const headers = { 'content-type': 'application/json', 'x-razorpay-event-id': 'Forged00000001' };
    const forged = await app.inject({
      method: 'POST',
      url: RAZORPAY_WEBHOOK,
      headers: { ...headers, 'x-razorpay-signature': hmacHex('guess', body) },
      payload: body,
    });
    expectRefusal(forged, 400, 'webhook_signature_invalid');
    expectRefusal(await app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers, payload: body }), 400, 'webhook_signature_invalid');
    // Signed, but altered after signing.
    const signature = hmacHex(gateway.keys.webhookSecret, body);
    const altered = body.replace(`"amount":${payment.amount}`, `"amount":${payment.amount + 1}`);
    expectRefusal(
      await app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers: { ...headers, 'x-razorpay-signature': signature }, payload: altered }),
      400,
      'webhook_signature_invalid',
    );
    // Signed but not an event, or without an event id.
    const junk = '{"hello":"world"}';
    expectRefusal(
      await app.inject({
        method: 'POST',
        url: RAZORPAY_WEBHOOK,
        headers: { ...headers, 'x-razorpay-signature': hmacHex(gateway.keys.webhookSecret, junk) },
        payload: junk,
      }),
      400,
      'webhook_invalid',
    );
    expectRefusal(
      await app.inject({
        method: 'POST',
        url: RAZORPAY_WEBHOOK,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
        payload: body,
      }),
      400,
      'webhook_invalid',
    );
    expectRefusal(
      await app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers: { 'content-type': 'text/plain' }, payload: 'garbage' }),
      400,
      'webhook_signature_invalid',
    );
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('pending');
    // A cookie-less POST from Razorpay passes the CSRF guard; the properly signed one applies.
    const ok = await app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers: { ...headers, 'x-razorpay-signature': signature }, payload: body });
    expect(ok.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('captured');
  });

  it('holds stock for exactly as many of 50 concurrent prepaid checkouts as there are units (10), never below zero', async () => {
    const scarce = await product(ctx, { stock: 10 });
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => customer(ctx)));
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => prepaid(shoppers[i % 5]!, scarce.id)));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(40);
    expect(await stockOf(ctx, scarce.id)).toBe(0);
    const placed = responses.filter((response) => response.statusCode === 201).map((response) => response.json());
    expect(new Set(placed.map((order) => order.payment.providerOrderId)).size).toBe(10);
  });

  it('cancels unpaid orders past their reservation and releases their stock exactly once, even with passes at the same time', async () => {
    const lamp = await product(ctx, { stock: 4 });
    const unpaid = (await prepaid(asha, lamp.id, 2)).json();
    const paid = (await prepaid(asha, lamp.id, 1)).json();
    await gateway.pay(paid.payment.providerOrderId);
    expect(await stockOf(ctx, lamp.id)).toBe(1);
    // Nothing has expired yet.
    expect(await app.payments.expire()).toBe(0);
    const later = new Date(Date.now() + 16 * 60_000);
    // Earlier tests of this file left unpaid orders too: each is cancelled once, by one of the three passes.
    const due = await expiredReservations(ctx.handle.db, later, 1_000);
    expect(due).toContain(unpaid._id);
    expect(due).not.toContain(paid._id);
    const counts = await Promise.all([app.payments.expire(later), app.payments.expire(later), app.payments.expire(later)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(due.length);
    expect(await expiredReservations(ctx.handle.db, later)).toEqual([]);
    expect(await stockOf(ctx, lamp.id)).toBe(3);
    expect(await orderRow(ctx, unpaid._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending', reservationExpiresAt: null });
    expect((await orderRow(ctx, paid._id)).status).toBe('placed');
    // Paid after all while the units are still there: placed again and its stock taken again, once.
    const late = await gateway.pay(unpaid.payment.providerOrderId);
    expect(await orderRow(ctx, unpaid._id)).toMatchObject({ status: 'placed', paymentStatus: 'captured', paymentFlag: null });
    expect(await stockOf(ctx, lamp.id)).toBe(1);
    for (const sent of late.webhooks) await gateway.redeliver(sent);
    expect(await stockOf(ctx, lamp.id)).toBe(1);
  });

  it('refunds in full a payment that comes after the reservation expired when the units are gone', async () => {
    const lamp = await product(ctx, { stock: 1 });
    const expired = (await prepaid(asha, lamp.id)).json();
    await app.payments.expire(new Date(Date.now() + 16 * 60_000));
    expect(await stockOf(ctx, lamp.id)).toBe(1);
    // Someone else takes the last unit meanwhile.
    expect((await prepaid(await customer(ctx), lamp.id)).statusCode).toBe(201);
    const { paymentId } = await gateway.pay(expired.payment.providerOrderId);
    await gateway.settle();
    expect(await orderRow(ctx, expired._id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      paymentFlag: 'late_payment_refunded',
      amountRefunded: expired.grandTotal,
    });
    expect(gateway.payments.get(paymentId)?.refund_status).toBe('full');
    expect(await stockOf(ctx, lamp.id)).toBe(0);
  });

  it('refunds a paid prepaid order when the customer cancels it, and gives its stock back', async () => {
    const lamp = await product(ctx, { stock: 2 });
    const placed = (await prepaid(asha, lamp.id)).json();
    const { paymentId } = await gateway.pay(placed.payment.providerOrderId);
    const cancelled = await call(app, 'POST', `/api/user/order/${placed._id}/cancel`, asha);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await gateway.settle();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', amountRefunded: placed.grandTotal });
    expect(gateway.payments.get(paymentId)?.refund_status).toBe('full');
    expect(await stockOf(ctx, lamp.id)).toBe(2);
  });

  it('refunds, never re-places, an order the customer cancelled before paying', async () => {
    const lamp = await product(ctx, { stock: 2 });
    const placed = (await prepaid(asha, lamp.id)).json();
    expect((await call(app, 'POST', `/api/user/order/${placed._id}/cancel`, asha)).statusCode).toBe(200);
    // The checkout was still open: the shopper pays anyway.
    await gateway.pay(placed.payment.providerOrderId);
    await gateway.settle();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', paymentFlag: 'late_payment_refunded' });
    expect(await stockOf(ctx, lamp.id)).toBe(2);
  });

  it('cancels the order and releases its stock when Razorpay cannot be reached (503 payment_provider_unavailable)', async () => {
    const lamp = await product(ctx, { stock: 3 });
    gateway.down = true;
    try {
      const response = await prepaid(asha, lamp.id, 2);
      expectRefusal(response, 503, 'payment_provider_unavailable');
    } finally {
      gateway.down = false;
    }
    expect(await stockOf(ctx, lamp.id)).toBe(3);
    const [line] = await ctx.handle.db
      .select({ status: orders.status, note: orderStatusHistory.note })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(orderStatusHistory, and(eq(orderStatusHistory.orderId, orders.id), eq(orderStatusHistory.status, 'cancelled')))
      .where(eq(orderLines.productId, lamp.id));
    expect(line).toEqual({ status: 'cancelled', note: 'Online payment was unavailable' });
  });
});
