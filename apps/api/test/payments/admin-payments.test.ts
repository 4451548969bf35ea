import { auditLog } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, product } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, placedOrder, refundAsStaff, type Shopper, staffMember } from './payment-fixture.ts';

/**
 * The back office's payments (issue 20), on PGlite and PostgreSQL: the list with its filters and as CSV, one order's
 * payment with provider ids and webhook history, a flagged mismatch with its reason and its resolution (audit-logged),
 * and the dashboard's revenue by payment method.
 */

describe.each(engines)('back-office payments (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const get = (url: string, who: { cookie: string } = staff) => call(app, 'GET', url, who);
  const list = async (query: string) => {
    const response = await get(`/api/admin/payments?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      data: Array<{ number: string; status: string; method: string; flag: { code: string; resolvedAt: string | null } | null }>;
      total: number;
      hasMore: boolean;
    }>();
  };
  const place = (productId: string, paymentMethod: 'cod' | 'prepaid') =>
    placedOrder<{ _id: string; number: string; grandTotal: number; payment?: { providerOrderId: string } }>(ctx, asha, productId, paymentMethod);

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    staff = await staffMember(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists payments with filters, searches provider ids and order numbers, pages, and downloads the same as CSV', async () => {
    const lamp = await product(ctx, { stock: 50, price: 45_000 });
    const cod = await place(lamp.id, 'cod');
    const paid = await place(lamp.id, 'prepaid');
    const { paymentId } = await gateway.pay(paid.payment!.providerOrderId);
    const pending = await place(lamp.id, 'prepaid');

    const all = await list('');
    expect(all.data.slice(0, 3).map((row) => row.number)).toEqual([pending.number, paid.number, cod.number]);
    expect((await list('method=cod')).data.every((row) => row.method === 'cod')).toBe(true);
    expect((await list('method=prepaid&status=captured')).data.map((row) => row.number)).toContain(paid.number);
    expect((await list('status=captured')).data.map((row) => row.number)).not.toContain(pending.number);
    expect((await list(`q=${paymentId}`)).data.map((row) => row.number)).toEqual([paid.number]);
    expect((await list(`q=${paid.payment!.providerOrderId}`)).data.map((row) => row.number)).toEqual([paid.number]);
    expect((await list(`q=${cod.number.toLowerCase()}`)).data.map((row) => row.number)).toEqual([cod.number]);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}&limit=2`)).hasMore).toBe(true);
    expect((await list('from=2001-01-01&to=2001-01-02')).total).toBe(0);

    expectRefusal(await get('/api/admin/payments?status=paid'), 400, 'validation_failed', { status: 'payment_filter_status_invalid' });
    expectRefusal(await get('/api/admin/payments?from=2026-13-01'), 400, 'validation_failed', { from: 'order_filter_date_invalid' });
    expectRefusal(await get('/api/admin/payments?from=2026-02-02&to=2026-02-01'), 400, 'validation_failed', { to: 'order_filter_dates_order' });
    expectRefusal(await get('/api/admin/payments', asha), 403, 'forbidden');

    const csv = await get(`/api/admin/payments.csv?method=prepaid&status=captured&q=${paymentId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, row, ...rest] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toBe(
      'order_number,placed_at,order_status,method,payment_status,provider,provider_order_id,provider_payment_id,grand_total,amount_paid,amount_refunded,customer,flag,flag_resolved_at',
    );
    expect(row).toContain(`${paid.number},`);
    expect(row).toContain(`,prepaid,captured,razorpay,${paid.payment!.providerOrderId},${paymentId},${(paid.grandTotal / 100).toFixed(2)},`);
    expect(rest).toEqual([]);
    const everything = await get('/api/admin/payments.csv');
    expect(everything.body.trim().split('\n').length).toBe(all.total + 1);
  });

  it('shows one payment with its provider ids and webhook history; 404 for an unknown order', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const paid = await place(lamp.id, 'prepaid');
    const { paymentId } = await gateway.pay(paid.payment!.providerOrderId);
    const response = await get(`/api/admin/payments/${paid._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json();
    expect(detail.payment).toMatchObject({
      number: paid.number,
      method: 'prepaid',
      status: 'captured',
      provider: 'razorpay',
      providerOrderId: paid.payment!.providerOrderId,
      providerPaymentId: paymentId,
      amountPaid: paid.grandTotal,
      amountRefunded: 0,
      flag: null,
    });
    expect(detail.refundable).toBe(paid.grandTotal);
    expect(detail.events).toMatchObject([
      { type: 'payment.authorized', outcome: 'applied', paymentId, amount: paid.grandTotal, currency: 'INR' },
      { type: 'payment.captured', outcome: 'applied' },
      { type: 'order.paid', outcome: 'ignored' },
    ]);
    expect(detail.flagReason).toBeNull();
    expectRefusal(await get(`/api/admin/payments/${crypto.randomUUID()}`), 404, 'admin_order_not_found');
    expectRefusal(await get('/api/admin/payments/not-an-id'), 404, 'admin_order_not_found');
  });

  it('flags a payment of another amount with its reason; staff resolve it with a note, once, audit-logged', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const placed = await place(lamp.id, 'prepaid');
    await gateway.pay(placed.payment!.providerOrderId, { amount: placed.grandTotal - 100 });
    expect((await list('flagged=1')).data.map((row) => row.number)).toContain(placed.number);

    const detail = (await get(`/api/admin/payments/${placed._id}`)).json();
    expect(detail.payment.flag).toEqual({ code: 'amount_mismatch', resolvedAt: null, resolvedBy: null, note: null });
    expect(detail.flagReason).toMatchObject({ reportedAmount: placed.grandTotal - 100, reportedCurrency: 'INR', expectedAmount: placed.grandTotal });
    expect(detail.flagReason.eventId).toBe(detail.events.findLast((event: { outcome: string }) => event.outcome === 'flagged').eventId);

    const resolve = (body: unknown, who: { cookie: string } = staff) => call(app, 'POST', `/api/admin/payments/${placed._id}/flag/resolve`, who, body);
    expectRefusal(await resolve({ note: ' ' }), 400, 'validation_failed', { note: 'payment_flag_note_required' });
    expectRefusal(await resolve({ note: 'x'.repeat(501) }), 400, 'validation_failed', { note: 'payment_flag_note_too_long' });
    expectRefusal(await resolve({ note: 'ok' }, asha), 403, 'forbidden');
    const resolved = await resolve({ note: 'Customer paid short; refunded on Razorpay and asked to pay again' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().payment.flag).toMatchObject({
      code: 'amount_mismatch',
      resolvedAt: expect.any(String),
      note: expect.stringContaining('paid short'),
    });
    expectRefusal(await resolve({ note: 'again' }), 409, 'payment_flag_none');
    expect((await list('flagged=1')).data.map((row) => row.number)).not.toContain(placed.number);
    const [audit] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.flag_resolve'), eq(auditLog.entityId, placed._id)));
    expect(audit).toMatchObject({ actorUserId: staff.userId, after: { resolved: true } });

    const cod = await place(lamp.id, 'cod');
    expectRefusal(await call(app, 'POST', `/api/admin/payments/${cod._id}/flag/resolve`, staff, { note: 'x' }), 409, 'payment_flag_none');
  });

  it('pays at the loopback gateway through one route only: the dev route that duplicated its Pay is gone (decision 121)', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const placed = await place(lamp.id, 'prepaid');
    expectRefusal(await call(app, 'POST', '/api/dev/payments/loopback/pay', asha, { orderId: placed._id }), 404, 'not_found');
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('pending');
    // The loopback checkout's Pay (checkout-ui.test.ts covers its refusals) is what browser tests and newcomers use.
    const paid = await call(app, 'POST', '/api/payments/loopback/pay', undefined, { key: gateway.keys.keyId, order_id: placed.payment!.providerOrderId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('captured');
  });

  it("shows today's revenue by payment method on the dashboard: cash on delivery, and online captured less refunded", async () => {
    const revenue = async () => {
      const response = await get('/api/admin/dashboard');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().revenueByMethod as { cashOnDelivery: number; online: number };
    };
    const before = await revenue();
    const lamp = await product(ctx, { stock: 10, price: 60_000 });
    const cod = await place(lamp.id, 'cod');
    const prepaid = await place(lamp.id, 'prepaid');
    await place(lamp.id, 'prepaid'); // not paid: counts nothing
    await gateway.pay(prepaid.payment!.providerOrderId);
    expect(await revenue()).toEqual({ cashOnDelivery: before.cashOnDelivery + cod.grandTotal, online: before.online + prepaid.grandTotal });

    const refunded = await refundAsStaff(ctx, staff, prepaid._id, { kind: 'amount', amount: 10_000, reason: 'Goodwill' });
    expect(refunded.statusCode, refunded.body).toBe(202);
    await gateway.settle();
    expect((await revenue()).online).toBe(before.online + prepaid.grandTotal - 10_000);
    const cancelled = await call(app, 'POST', `/api/admin/orders/${cod._id}/status`, staff, { status: 'cancelled', note: 'Asked to' });
    expect(cancelled.statusCode).toBe(200);
    expect((await revenue()).cashOnDelivery).toBe(before.cashOnDelivery);
    expect((await orderRow(ctx, prepaid._id)).paymentStatus).toBe('partially_refunded');
  });
});
