import { orders, pincodes, shipmentEvents, shipments } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackCarrier } from '../../src/shipping/shiprocket/loopback-carrier.ts';
import { anotherApp, authContext } from '../auth/auth-helpers.ts';
import { engines, type TestContext } from '../helpers.ts';
import { call, customer, makeStaff, product, roomyLimits } from '../orders/order-helpers.ts';
import { sendWebhook, ship } from './shipping-helpers.ts';

/**
 * The scheduled tracking reconciliation (issue 22, decision 111), with the loopback carrier on PGlite and PostgreSQL:
 * a scan whose webhook never came is found by asking the carrier (`track`) about shipments quiet for longer than
 * SHIPMENT_TRACK_AFTER_SECONDS, and applied by the webhook's own path, once; recent, delivered and cancelled
 * shipments are left alone; one runner at a time among API processes; the timer runs it.
 */
describe.each(engines)('tracking reconciliation (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let carrier: LoopbackCarrier;
  let asha: Awaited<ReturnType<typeof customer>>;
  let staff: Awaited<ReturnType<typeof customer>>;
  const HOUR = 3_600_000;
  // Whole minutes, as carriers write their scans' times (a redelivery then has the very same instant).
  const hoursAgo = (n: number) => new Date(Math.floor((Date.now() - n * HOUR) / 60_000) * 60_000);

  const orderRow = async (id: string) => (await ctx.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const shipmentRow = async (awb: string) => (await ctx.handle.db.select().from(shipments).where(eq(shipments.awb, awb)))[0]!;
  const trackCalls = () => carrier.calls.get('/courier/track/awb/:id') ?? 0;

  /** A confirmed cash-on-delivery order, shipped through the loopback carrier. */
  async function shipped() {
    const lamp = await product(ctx, { stock: 5, price: 60_000 });
    const placed = await call(app, 'POST', '/api/user/order', asha, {
      items: [{ productId: lamp.id, quantity: 1 }],
      addressId: asha.addressId,
      paymentMethod: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ _id: string }>();
    expect((await call(app, 'POST', `/api/admin/orders/${order._id}/status`, staff, { status: 'confirmed' })).statusCode).toBe(200);
    const { awb } = await ship(app, staff, order._id);
    return { orderId: order._id, awb };
  }

  beforeAll(async () => {
    // The timer's passes are far apart here: the test runs the passes itself (the last test checks the timer).
    ctx = await authContext(engine, { ...roomyLimits, shipmentTrackEverySeconds: 86_400 });
    app = ctx.app;
    carrier = app.shipping.loopback as LoopbackCarrier;
    asha = await customer(ctx);
    staff = await customer(ctx);
    await makeStaff(ctx, staff.userId);
    await ctx.handle.db
      .insert(pincodes)
      .values({ pincode: '560001', office: 'Bangalore G.P.O.', district: 'Bengaluru', state: 'Karnataka', transitDays: 3 })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('picks up a scan whose webhook never came, through the webhook path, exactly once', async () => {
    const { orderId, awb } = await shipped();
    const inTransitAt = hoursAgo(8);
    // Picked up (its webhook came) ten hours ago; in transit eight hours ago, but that webhook was lost.
    expect((await sendWebhook(app, carrier, carrier.webhook(awb, 'picked_up', hoursAgo(10)))).statusCode).toBe(200);
    carrier.webhook(awb, 'in_transit', inTransitAt);
    expect((await shipmentRow(awb)).status).toBe('picked_up');

    const report = await app.shipping.reconcile();
    expect(report.ran).toBe(true);
    expect(report.failed).toBe(0);
    expect(report.caughtUp).toEqual([expect.objectContaining({ awb, orderId, applied: 1, status: 'in_transit' })]);
    expect((await shipmentRow(awb)).status).toBe('in_transit');
    expect((await orderRow(orderId)).status).toBe('shipped');
    const stored = await ctx.handle.db.select().from(shipmentEvents).where(eq(shipmentEvents.awb, awb));
    expect(stored.map((event) => event.kind).sort()).toEqual(['in_transit', 'picked_up']);

    // Quiet for eight hours still, so asked again; nothing new: nothing applied, nothing doubled.
    const again = await app.shipping.reconcile();
    expect(again.caughtUp).toEqual([]);
    expect(await ctx.handle.db.select().from(shipmentEvents).where(eq(shipmentEvents.awb, awb))).toHaveLength(2);

    // The lost webhook turning up late is the duplicate now.
    const late = await sendWebhook(app, carrier, carrier.webhook(awb, 'in_transit', inTransitAt));
    expect(late.statusCode, late.body).toBe(200);
    expect(await ctx.handle.db.select().from(shipmentEvents).where(eq(shipmentEvents.awb, awb))).toHaveLength(2);

    // Delivered by a lost webhook too: caught up, and the order delivered; afterwards it is no longer asked about.
    carrier.webhook(awb, 'delivered', hoursAgo(7));
    expect((await app.shipping.reconcile()).caughtUp).toEqual([expect.objectContaining({ awb, status: 'delivered' })]);
    expect((await orderRow(orderId)).status).toBe('delivered');
    const before = trackCalls();
    await app.shipping.reconcile();
    expect(trackCalls()).toBe(before);
  });

  it('leaves alone a shipment whose last event is newer than the interval, until it has been quiet long enough', async () => {
    const { awb } = await shipped();
    await sendWebhook(app, carrier, carrier.webhook(awb, 'picked_up', hoursAgo(1)));
    carrier.webhook(awb, 'in_transit', hoursAgo(0.5));
    const before = trackCalls();
    expect((await app.shipping.reconcile()).caughtUp).toEqual([]);
    expect(trackCalls()).toBe(before);
    expect((await shipmentRow(awb)).status).toBe('picked_up');
    // Seven hours later (the default interval is six), it is asked about.
    const later = await app.shipping.reconcile(new Date(Date.now() + 7 * HOUR));
    expect(later.caughtUp).toEqual([expect.objectContaining({ awb, status: 'in_transit' })]);
  });

  it('runs one pass at a time across API processes on the same database', async () => {
    const other = await anotherApp(ctx, { shipmentTrackEverySeconds: 86_400 });
    try {
      const reports = await Promise.all([app.shipping.reconcile(), other.shipping.reconcile(), app.shipping.reconcile()]);
      expect(reports.filter((report) => report.ran)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('is run by the timer every SHIPMENT_TRACK_EVERY_SECONDS, for shipments quiet for SHIPMENT_TRACK_AFTER_SECONDS', async () => {
    const { orderId, awb } = await shipped();
    await sendWebhook(app, carrier, carrier.webhook(awb, 'picked_up', hoursAgo(3)));
    carrier.webhook(awb, 'out_for_delivery', hoursAgo(2));
    // Another API process whose timer runs each second, asking about shipments quiet for an hour. It has a
    // loopback carrier of its own, which knows nothing of this AWB: point it at this one's.
    const timed = await anotherApp(ctx, { shipmentTrackEverySeconds: 1, shipmentTrackAfterSeconds: 3_600 });
    try {
      timed.shipping.carrier.track = (wanted) => app.shipping.carrier.track(wanted);
      await expect.poll(async () => (await shipmentRow(awb)).status, { timeout: 20_000, interval: 250 }).toBe('out_for_delivery');
      expect((await orderRow(orderId)).status).toBe('shipped');
    } finally {
      await timed.close();
    }
  });
});
