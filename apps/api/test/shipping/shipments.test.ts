import { auditLog, orders, orderStatusHistory, outbox, pincodes, shipmentEvents, shipments } from '@shop/db';
import { kolkataDay, nextDay } from '@shop/domain/admin/orders';
import { pickupWindow } from '@shop/domain/shipping/pickup-window';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackCarrier } from '../../src/shipping/shiprocket/loopback-carrier.ts';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { authContext } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, makeStaff, product, roomyLimits, stockOf } from '../orders/order-helpers.ts';
import { pdfText, sendWebhook, ship } from './shipping-helpers.ts';

/**
 * Shipments through the loopback carrier (issue 22, decisions 084 and 085), on PGlite and PostgreSQL: the real
 * Shiprocket adapter talks to the loopback this API serves, tracking webhooks in Shiprocket's shape come back to the
 * webhook route, and the order follows: shipped, delivered (with its messages), or back to the shop.
 */

const hour = (n: number) => new Date(Date.UTC(2026, 10, 20, 4 + n));

describe.each(engines)('shipments (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let carrier: LoopbackCarrier;
  let asha: Awaited<ReturnType<typeof customer>>;
  let staff: Awaited<ReturnType<typeof customer>>;

  const orderRow = async (id: string) => (await ctx.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const move = async (id: string, status: string) => {
    const moved = await call(app, 'POST', `/api/admin/orders/${id}/status`, staff, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  };
  /** A confirmed cash-on-delivery order for `quantity` of a fresh product. */
  async function confirmedOrder(quantity = 1, stock = 5) {
    const lamp = await product(ctx, { stock, price: 60_000 });
    const placed = await call(app, 'POST', '/api/user/order', asha, {
      items: [{ productId: lamp.id, quantity }],
      addressId: asha.addressId,
      paymentMethod: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ _id: string; number: string }>();
    await move(order._id, 'confirmed');
    return { ...order, productId: lamp.id };
  }

  beforeAll(async () => {
    ctx = await authContext(engine, roomyLimits);
    app = ctx.app;
    carrier = app.shipping.loopback as LoopbackCarrier;
    asha = await customer(ctx);
    staff = await customer(ctx);
    await makeStaff(ctx, staff.userId);
    // The customers' pincode, as the India Post directory has it (the whole directory is seeded by `npm start`).
    await ctx.handle.db
      .insert(pincodes)
      .values({ pincode: '560001', office: 'Bangalore G.P.O.', district: 'Bengaluru', state: 'Karnataka', transitDays: 3 })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('ships an order through the loopback carrier: an AWB, the order packed, a label PDF with the AWB, and shipping again answers the same shipment', async () => {
    const order = await confirmedOrder(2);
    const before = await call(app, 'GET', `/api/admin/orders/${order._id}/shipment`, staff);
    expect(before.json()).toMatchObject({ shipment: null, canShip: true, suggestedParcel: { weightGrams: 1000, lengthCm: 20, breadthCm: 15, heightCm: 10 } });

    const first = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment`, staff, {});
    expect(first.statusCode, first.body).toBe(201);
    const shipment = first.json();
    expect(shipment).toMatchObject({
      orderId: order._id,
      orderNumber: order.number,
      provider: 'shiprocket',
      status: 'awb_assigned',
      courierName: 'Delhivery Surface',
      awb: expect.stringMatching(/^\d{14}$/),
      providerShipmentId: expect.stringMatching(/^\d+$/),
      parcels: [{ weightGrams: 1000, lengthCm: 20, breadthCm: 15, heightCm: 10 }],
      labelPath: `/api/admin/orders/${order._id}/shipment/label`,
      events: [],
      lastError: null,
    });
    expect((await orderRow(order._id)).status).toBe('packed');

    const again = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment`, staff, {
      parcels: [{ weightGrams: 5, lengthCm: 1, breadthCm: 1, heightCm: 1 }],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: shipment._id, awb: shipment.awb, parcels: shipment.parcels });

    const label = await call(app, 'GET', shipment.labelPath, staff);
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(label.rawPayload)).toContain(shipment.awb);
    expect(pdfText(label.rawPayload)).toContain('PIN 560001');

    // A customer is not staff; a bad parcel is refused naming the field.
    expect((await call(app, 'POST', `/api/admin/orders/${order._id}/shipment`, asha, {})).statusCode).toBe(403);
    const other = await confirmedOrder();
    expectRefusal(
      await call(app, 'POST', `/api/admin/orders/${other._id}/shipment`, staff, { parcels: [{ weightGrams: 0, lengthCm: 10, breadthCm: 10, heightCm: 10 }] }),
      400,
      'validation_failed',
      { 'parcels.0.weightGrams': 'shipment_parcel_weight_invalid' },
    );
    const audit = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order._id), eq(auditLog.action, 'shipment.create')));
    expect(audit).toHaveLength(1);
  });

  it('makes one shipment when Ship is pressed twice at once (a double click): the other answer is that shipment or "in progress"', async () => {
    const order = await confirmedOrder();
    const answers = await Promise.all([0, 1, 2].map(() => call(app, 'POST', `/api/admin/orders/${order._id}/shipment`, staff, {})));
    const made = answers.filter((answer) => answer.statusCode === 200 || answer.statusCode === 201);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) {
      if (answer.statusCode === 200 || answer.statusCode === 201) continue;
      expectRefusal(answer, 409, 'shipment_in_progress');
    }
    const rows = await ctx.handle.db.select().from(shipments).where(eq(shipments.orderId, order._id));
    expect(rows).toHaveLength(1);
    expect(new Set(made.map((answer) => answer.json().awb))).toEqual(new Set([rows[0]!.awb]));
    expect(
      (
        await ctx.handle.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'shipment.create'), eq(auditLog.entityId, order._id)))
      ).length,
    ).toBe(1);
  });

  it('plays a journey where each webhook comes twice and one arrives late: the order ends delivered, with its messages and the timeline in order for the customer', async () => {
    const order = await confirmedOrder();
    const { awb } = await ship(app, staff, order._id);
    const picked = carrier.webhook(awb, 'picked_up', hour(1));
    const transit = carrier.webhook(awb, 'in_transit', hour(2));
    const out = carrier.webhook(awb, 'out_for_delivery', hour(3));
    const delivered = carrier.webhook(awb, 'delivered', hour(4));
    const outcomes: string[] = [];
    for (const payload of [picked, out, transit, delivered]) {
      for (let twice = 0; twice < 2; twice++) {
        const answer = await sendWebhook(app, carrier, payload);
        expect(answer.statusCode, answer.body).toBe(200);
        outcomes.push(answer.json().outcome);
      }
    }
    expect(outcomes).toEqual(['applied', 'duplicate', 'applied', 'duplicate', 'stale', 'duplicate', 'applied', 'duplicate']);

    const row = await orderRow(order._id);
    expect(row.status).toBe('delivered');
    expect(row.tracking).toEqual({ carrier: 'Delhivery Surface', number: awb, link: `https://shiprocket.co/tracking/${awb}` });
    const history = await ctx.handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order._id));
    expect(history.map((change) => change.status)).toEqual(['placed', 'confirmed', 'packed', 'shipped', 'delivered']);
    const messages = await ctx.handle.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.orderId, order._id));
    expect(new Set(messages.map((message) => message.kind))).toEqual(new Set(['order-placed', 'order-shipped', 'order-delivered']));

    const mine = await call(app, 'GET', `/api/user/order/${order._id}`, asha);
    expect(mine.statusCode, mine.body).toBe(200);
    const shipment = mine.json().shipment;
    expect(shipment).toMatchObject({
      status: 'delivered',
      awb,
      courierName: 'Delhivery Surface',
      trackingUrl: `https://shiprocket.co/tracking/${awb}`,
      expectedDelivery: null,
    });
    expect(shipment.events.map((event: { kind: string; at: string }) => [event.kind, event.at])).toEqual([
      ['picked_up', hour(1).toISOString()],
      ['in_transit', hour(2).toISOString()],
      ['out_for_delivery', hour(3).toISOString()],
      ['delivered', hour(4).toISOString()],
    ]);
    const list = await call(app, 'GET', '/api/user/orders', asha);
    expect(list.json().data.find((listed: { _id: string }) => listed._id === order._id).shipment.events).toHaveLength(4);
    const tracked = await call(app, 'POST', '/api/order/track', undefined, { number: order.number, mobile: asha.mobile });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json().shipment.events.map((event: { kind: string }) => event.kind)).toEqual(['picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
  });

  it('shows the carrier date, or else the shop promise, while the parcel travels', async () => {
    const order = await confirmedOrder();
    const { awb } = await ship(app, staff, order._id);
    const before = (await call(app, 'GET', `/api/user/order/${order._id}`, asha)).json().shipment;
    expect(before.status).toBe('awb_assigned');
    const hook = carrier.webhook(awb, 'in_transit', hour(1));
    await sendWebhook(app, carrier, hook);
    const after = (await call(app, 'GET', `/api/user/order/${order._id}`, asha)).json().shipment;
    expect(after.expectedDelivery).toEqual({ earliest: hook.etd!.slice(0, 10), latest: hook.etd!.slice(0, 10), source: 'carrier' });
    // Before the carrier gives a date: the shop's own promise from the day it shipped (delivery rules, 3 transit days).
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(before.expectedDelivery).toMatchObject({ source: 'estimate', earliest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(before.expectedDelivery.earliest > today).toBe(true);
    expect(before.expectedDelivery.latest >= before.expectedDelivery.earliest).toBe(true);
  });

  it("catches up from the carrier's tracking when webhooks were lost, without doubling the ones that came", async () => {
    const order = await confirmedOrder();
    const { awb } = await ship(app, staff, order._id);
    await sendWebhook(app, carrier, carrier.webhook(awb, 'picked_up', hour(1)));
    // The carrier scans the parcel twice more, but its webhooks never arrive.
    carrier.webhook(awb, 'in_transit', hour(2));
    carrier.webhook(awb, 'delivered', hour(3));
    const synced = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/track`, staff);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().outcomes).toMatchObject({ applied: 2, duplicate: 1 });
    expect(synced.json().shipment.events.map((event: { kind: string }) => event.kind)).toEqual(['picked_up', 'in_transit', 'delivered']);
    expect((await orderRow(order._id)).status).toBe('delivered');
    const again = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/track`, staff);
    expect(again.json().outcomes).toMatchObject({ applied: 0, duplicate: 3 });
  });

  it('refuses a webhook without the token, with a wrong one, or a body that is not a tracking update', async () => {
    const order = await confirmedOrder();
    const { awb } = await ship(app, staff, order._id);
    const payload = carrier.webhook(awb, 'picked_up', hour(1));
    expectRefusal(await sendWebhook(app, carrier, payload, 'not-the-token-at-all'), 401, 'shipment_webhook_unauthorised');
    const bare = await app.inject({ method: 'POST', url: '/api/shipping/shiprocket/webhook', payload });
    expectRefusal(bare, 401, 'shipment_webhook_unauthorised');
    expectRefusal(await sendWebhook(app, carrier, { hello: 'world' }), 400, 'shipment_webhook_invalid');
    // A status id the event's integer column cannot hold is not a tracking update either (it was a 500).
    for (const id of [2_147_483_648, '99999999999']) {
      expectRefusal(await sendWebhook(app, carrier, { ...payload, shipment_status_id: id, current_status_id: id }), 400, 'shipment_webhook_invalid');
    }
    expect((await orderRow(order._id)).status).toBe('packed');
    // An AWB that is not ours is stored for staff and answered 200 (Shiprocket must not send it again).
    const stranger = await sendWebhook(app, carrier, { ...payload, awb: '99999999999999' });
    expect(stranger.json()).toEqual({ ok: true, outcome: 'unknown_awb' });
  });

  it('applies the same webhook sent three times at once exactly once', async () => {
    const order = await confirmedOrder();
    const { awb } = await ship(app, staff, order._id);
    const payload = carrier.webhook(awb, 'picked_up', hour(1));
    const answers = await Promise.all([1, 2, 3].map(() => sendWebhook(app, carrier, payload)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    const shippedRows = await ctx.handle.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order._id), eq(orderStatusHistory.status, 'shipped')));
    expect(shippedRows).toHaveLength(1);
    const [shipment] = await ctx.handle.db.select().from(shipments).where(eq(shipments.orderId, order._id));
    expect(await ctx.handle.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment!.id))).toHaveLength(1);
  });

  it('applies a whole journey sent at once, the delivery three times: each order step once, its messages once, the shipment delivered', async () => {
    const order = await confirmedOrder();
    const { awb } = await ship(app, staff, order._id);
    const delivered = carrier.webhook(awb, 'delivered', hour(4));
    const payloads = [
      carrier.webhook(awb, 'picked_up', hour(1)),
      delivered,
      carrier.webhook(awb, 'in_transit', hour(2)),
      delivered,
      carrier.webhook(awb, 'out_for_delivery', hour(3)),
      delivered,
    ];
    // Every webhook of the parcel queues on the same order's lock; whichever comes first, the state each one planned
    // from may have moved when it writes (decision 124), and the order must still take each step exactly once.
    const answers = await Promise.all(payloads.map((payload) => sendWebhook(app, carrier, payload)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const outcomes = answers.map((answer) => answer.json<{ outcome: string }>().outcome);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(2);
    expect([outcomes[1], outcomes[3], outcomes[5]].filter((outcome) => outcome === 'applied')).toHaveLength(1);

    const row = await orderRow(order._id);
    expect(row.status).toBe('delivered');
    expect(row.tracking).toEqual({ carrier: 'Delhivery Surface', number: awb, link: `https://shiprocket.co/tracking/${awb}` });
    const history = await ctx.handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order._id));
    expect(history.map((change) => change.status).sort()).toEqual(['confirmed', 'delivered', 'packed', 'placed', 'shipped']);
    const messages = await ctx.handle.db
      .select({ kind: outbox.kind, channel: outbox.channel })
      .from(outbox)
      .where(and(eq(outbox.orderId, order._id), inArray(outbox.kind, ['order-shipped', 'order-delivered'])));
    const shipped = messages.filter((message) => message.kind === 'order-shipped').map((message) => message.channel);
    const deliveredMessages = messages.filter((message) => message.kind === 'order-delivered').map((message) => message.channel);
    expect(shipped.length).toBeGreaterThan(0);
    expect(new Set(shipped).size).toBe(shipped.length);
    expect(deliveredMessages.sort()).toEqual([...shipped].sort());
    const [shipment] = await ctx.handle.db.select().from(shipments).where(eq(shipments.orderId, order._id));
    expect(shipment!.status).toBe('delivered');
    expect(await ctx.handle.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment!.id))).toHaveLength(4);
  });

  it('returns a COD parcel to origin: the order is cancelled, the stock comes back only when staff say it is resaleable', async () => {
    const order = await confirmedOrder(2, 5);
    expect(await stockOf(ctx, order.productId)).toBe(3);
    await ship(app, staff, order._id);
    const journey = await call(app, 'POST', '/api/dev/shipping/loopback/journey', staff, { orderId: order._id, journey: 'rto' });
    expect(journey.statusCode, journey.body).toBe(200);
    expect(journey.json().sent.map((sent: { kind: string; outcome: string }) => `${sent.kind}:${sent.outcome}`)).toEqual([
      'picked_up:applied',
      'in_transit:applied',
      'out_for_delivery:applied',
      'failed_attempt:applied',
      'rto_initiated:applied',
      'rto_delivered:applied',
    ]);
    expect((await orderRow(order._id)).status).toBe('cancelled');
    expect(await stockOf(ctx, order.productId)).toBe(3);
    const seen = (await call(app, 'GET', `/api/admin/orders/${order._id}/shipment`, staff)).json();
    expect(seen.shipment).toMatchObject({ status: 'rto_delivered', rto: { resolution: null } });

    expectRefusal(await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/rto`, staff, {}), 400, 'validation_failed', {
      resaleable: 'shipment_rto_resaleable_required',
    });
    const resolved = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/rto`, staff, { resaleable: true });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().rto.resolution).toBe('restocked');
    expect(await stockOf(ctx, order.productId)).toBe(5);
    expectRefusal(await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/rto`, staff, { resaleable: true }), 409, 'shipment_rto_already_resolved');
    expect(await stockOf(ctx, order.productId)).toBe(5);
    // A shipment on its way is not back yet.
    const travelling = await confirmedOrder();
    await ship(app, staff, travelling._id);
    expectRefusal(await call(app, 'POST', `/api/admin/orders/${travelling._id}/shipment/rto`, staff, { resaleable: false }), 409, 'shipment_rto_not_returned');
  });

  it('returns a prepaid parcel to origin: the order is returned and its full refund starts', async () => {
    const gateway = app.payments.gateway as LoopbackGateway;
    gateway.deliver = async ({ body, headers }) =>
      (await app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers, payload: body })).statusCode;
    const lamp = await product(ctx, { stock: 4, price: 80_000 });
    const placed = await call(app, 'POST', '/api/user/order', asha, {
      items: [{ productId: lamp.id, quantity: 1 }],
      addressId: asha.addressId,
      paymentMethod: 'prepaid',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    await gateway.pay(order.payment.providerOrderId);
    await move(order._id, 'confirmed');
    await ship(app, staff, order._id);
    await call(app, 'POST', '/api/dev/shipping/loopback/journey', staff, { orderId: order._id, journey: 'rto' });
    await gateway.settle();
    const row = await orderRow(order._id);
    expect(row.status).toBe('returned');
    expect(row).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
  });

  it('cancels before pickup (the order can be shipped again under a new reference), not after', async () => {
    const order = await confirmedOrder();
    const first = await ship(app, staff, order._id);
    const cancelled = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/cancel`, staff);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    const second = await ship(app, staff, order._id);
    expect(second._id).not.toBe(first._id);
    const references = await ctx.handle.db.select({ reference: shipments.reference }).from(shipments).where(eq(shipments.orderId, order._id));
    expect(references.map((row) => row.reference).sort()).toEqual([order.number, `${order.number}-2`]);
    await sendWebhook(app, carrier, carrier.webhook(second.awb, 'picked_up', hour(1)));
    expectRefusal(await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/cancel`, staff), 409, 'shipment_not_cancellable');
  });

  it('schedules the pickup once, and lists the day in the manifest as CSV and as the carrier PDF', async () => {
    const order = await confirmedOrder();
    const { awb } = await ship(app, staff, order._id);
    const date = new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
    const pickup = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/pickup`, staff, { date });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(pickup.json()).toMatchObject({ status: 'pickup_scheduled', pickup: { scheduledFor: date, token: expect.any(String) } });
    const again = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/pickup`, staff, {});
    expect(again.json().pickup).toEqual(pickup.json().pickup);
    expectRefusal(await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/pickup`, staff, { date: 'tomorrow' }), 400, 'validation_failed', {
      date: 'shipment_pickup_date_invalid',
    });
    expectRefusal(
      await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/pickup`, staff, { date: '2001-01-01' }),
      422,
      'shipment_pickup_date_outside_window',
      { date: 'shipment_pickup_date_outside_window' },
    );

    const csv = await call(app, 'GET', `/api/admin/shipments/manifest?date=${date}&format=csv`, staff);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${order.number},${awb},Delhivery Surface,Asha Verma,Bengaluru,560001,1,500,`);
    const pdf = await call(app, 'GET', `/api/admin/shipments/manifest?date=${date}`, staff);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.rawPayload)).toContain(awb);
    expectRefusal(await call(app, 'GET', '/api/admin/shipments/manifest?date=2001-01-01', staff), 404, 'shipment_manifest_empty');
    // The same day as JSON for integrations: the CSV's rows, the COD amount in paise; an empty day is an empty list.
    const json = await call(app, 'GET', `/api/admin/shipments/manifest.json?date=${date}`, staff);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().date).toBe(date);
    expect(json.json().rows).toContainEqual({
      orderNumber: order.number,
      awb,
      courierName: 'Delhivery Surface',
      consignee: 'Asha Verma',
      city: 'Bengaluru',
      pincode: '560001',
      parcels: 1,
      weightGrams: 500,
      codAmount: expect.any(Number),
    });
    expect((await call(app, 'GET', '/api/admin/shipments/manifest.json?date=2001-01-01', staff)).json()).toEqual({ date: '2001-01-01', rows: [] });
    expectRefusal(await call(app, 'GET', '/api/admin/shipments/manifest.json?date=tomorrow', staff), 400, 'validation_failed', {
      date: 'shipment_manifest_date_invalid',
    });
  });

  it("books a pickup from today to the window's last day in India (decision 147): yesterday and the day after the window are refused, naming the field", async () => {
    // The window as the API will judge it a moment later (the same rule, packages/domain pickup-window.ts).
    const { from: today, to: last } = pickupWindow(new Date());
    const yesterday = kolkataDay(new Date(Date.now() - 86_400_000));
    const oneTooFar = nextDay(last);
    expect([yesterday < today, last > today, oneTooFar > last]).toEqual([true, true, true]);

    const first = await confirmedOrder();
    await ship(app, staff, first._id);
    const pickupUrl = `/api/admin/orders/${first._id}/shipment/pickup`;
    for (const date of [yesterday, oneTooFar, '2027-11-28']) {
      const refused = expectRefusal(await call(app, 'POST', pickupUrl, staff, { date }), 422, 'shipment_pickup_date_outside_window', {
        date: 'shipment_pickup_date_outside_window',
      });
      expect(refused.params).toEqual({ from: today, to: last });
      expect(refused.message).toBe(`Choose a pickup date from ${today} to ${last}`);
    }
    // Nothing was booked with the carrier for a refused day.
    expect((await call(app, 'GET', `/api/admin/orders/${first._id}/shipment`, staff)).json().shipment).toMatchObject({
      status: 'awb_assigned',
      pickup: { scheduledFor: null, token: null },
    });
    const onToday = await call(app, 'POST', pickupUrl, staff, { date: today });
    expect(onToday.statusCode, onToday.body).toBe(200);
    expect(onToday.json()).toMatchObject({ status: 'pickup_scheduled', pickup: { scheduledFor: today } });

    const second = await confirmedOrder();
    await ship(app, staff, second._id);
    const onLast = await call(app, 'POST', `/api/admin/orders/${second._id}/shipment/pickup`, staff, { date: last });
    expect(onLast.statusCode, onLast.body).toBe(200);
    expect(onLast.json()).toMatchObject({ status: 'pickup_scheduled', pickup: { scheduledFor: last } });
  });

  it('refuses input past what it can store or mean, naming the field: a courier id over the integer column, impossible pickup and manifest days, a loosely written page', async () => {
    const order = await confirmedOrder();
    const shipUrl = `/api/admin/orders/${order._id}/shipment`;
    for (const courierId of [2_147_483_648, 2 ** 53, 0, -1, 1.5, '33']) {
      expectRefusal(await call(app, 'POST', shipUrl, staff, { courierId }), 400, 'validation_failed', { courierId: 'shipment_courier_invalid' });
    }
    await ship(app, staff, order._id);
    // 2027-02-30 was scheduled for 2 March, 9999-12-31 stored as it was.
    for (const date of ['2027-02-30', '9999-12-31', '2026-13-45', '0000-00-00', '3000-01-01']) {
      expectRefusal(await call(app, 'POST', `${shipUrl}/pickup`, staff, { date }), 400, 'validation_failed', { date: 'shipment_pickup_date_invalid' });
    }
    expect((await call(app, 'GET', shipUrl, staff)).json().shipment.pickup.scheduledFor).toBeNull();
    for (const date of ['2026-13-45', '2026-02-30', '9999-12-31', '0000-00-00']) {
      for (const url of [`/api/admin/shipments/manifest.json?date=${date}`, `/api/admin/shipments/manifest?date=${date}&format=csv`]) {
        expectRefusal(await call(app, 'GET', url, staff), 400, 'validation_failed', { date: 'shipment_manifest_date_invalid' });
      }
    }
    // The list reads its page and limit as the other back-office lists do: plain digits, page 1-10000, limit 1-100.
    for (const [query, field, code] of [
      ['limit=0x10', 'limit', 'order_filter_limit_invalid'],
      ['limit=1.5', 'limit', 'order_filter_limit_invalid'],
      ['limit=101', 'limit', 'order_filter_limit_invalid'],
      ['page=1e3', 'page', 'order_filter_page_invalid'],
      ['page=9007199254740992', 'page', 'order_filter_page_invalid'],
      ['page=0', 'page', 'order_filter_page_invalid'],
    ] as const) {
      expectRefusal(await call(app, 'GET', `/api/admin/shipments?${query}`, staff), 400, 'validation_failed', { [field]: code });
    }
    const listed = await call(app, 'GET', '/api/admin/shipments?page=1&limit=16', staff);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ page: 1, limit: 16 });
  });

  it('ships many orders at once with one result each, and keeps a carrier refusal to finish later', async () => {
    const a = await confirmedOrder();
    const b = await confirmedOrder();
    const lamp = await product(ctx, { stock: 3 });
    const placed = (
      await call(app, 'POST', '/api/user/order', asha, { items: [{ productId: lamp.id, quantity: 1 }], addressId: asha.addressId, paymentMethod: 'cod' })
    ).json();
    const bulk = await call(app, 'POST', '/api/admin/shipments/bulk', staff, { orderIds: [a._id, placed._id, b._id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().results.map((result: { ok: boolean; code?: string }) => (result.ok ? 'ok' : result.code))).toEqual([
      'ok',
      'shipment_order_not_shippable',
      'ok',
    ]);
    const listed = await call(app, 'GET', '/api/admin/shipments?status=awb_assigned&limit=100', staff);
    expect(listed.json().data.map((shipment: { orderId: string }) => shipment.orderId)).toEqual(expect.arrayContaining([a._id, b._id]));

    // A courier the carrier does not offer: 422 with its words; the half-made shipment is finished by shipping again.
    const c = await confirmedOrder();
    const refused = await call(app, 'POST', `/api/admin/orders/${c._id}/shipment`, staff, { courierId: 999 });
    expectRefusal(refused, 422, 'shipment_carrier_refused');
    expect(refused.json().params.reason).toContain('not serviceable');
    const half = (await call(app, 'GET', `/api/admin/orders/${c._id}/shipment`, staff)).json();
    expect(half).toMatchObject({ canShip: true, shipment: { status: 'creating', awb: null, lastError: expect.stringContaining('not serviceable') } });
    const finished = await call(app, 'POST', `/api/admin/orders/${c._id}/shipment`, staff, { courierId: 33 });
    expect(finished.statusCode, finished.body).toBe(201);
    expect(finished.json()).toMatchObject({ _id: half.shipment._id, status: 'awb_assigned', courierName: 'Xpressbees Surface', lastError: null });

    // The carrier down: 503, nothing lost.
    const d = await confirmedOrder();
    carrier.downCalls = 1;
    expectRefusal(await call(app, 'POST', `/api/admin/orders/${d._id}/shipment`, staff, {}), 503, 'shipment_carrier_unavailable');
    expect((await ship(app, staff, d._id)).status).toBe('awb_assigned');
    const rows = await ctx.handle.db
      .select()
      .from(shipments)
      .where(inArray(shipments.orderId, [d._id]));
    expect(rows).toHaveLength(1);
  });
});
