import { invoiceCounters, invoices, paymentEvents } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvoice } from '../../src/invoices/issue-invoice.ts';
import type { LoopbackGateway, SentWebhook } from '../../src/payments/razorpay/loopback-gateway.ts';
import { hmacHex } from '../../src/payments/razorpay/signatures.ts';
import { engines, type TestContext } from '../helpers.ts';
import { bareOrder, setTaxIdentity, taxedProduct } from '../invoices/invoice-helpers.ts';
import { product } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, payHoldingWebhooks, placeOrder, RAZORPAY_WEBHOOK, type Shopper } from './payment-fixture.ts';

/**
 * The two ways a webhook is applied (decision 082), on PGlite and PostgreSQL: a capture report about an order already
 * paid is decided in one statement (no transaction), everything else in the transaction; either way an event id is
 * recorded once with its outcome, a redelivery changes nothing, and a report that does not match goes to the
 * transaction and is flagged. And the invoice written in one statement: two issuings of one order at the same moment
 * give one invoice and leave no gap in the numbers.
 */

describe.each(engines)('webhook paths (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;

  const eventsOf = (eventId: string) => ctx.handle.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
  /** A held webhook sent again, under `eventId` and with its body changed by `edit` (signed again, as Razorpay would sign it). */
  const send = async (sent: SentWebhook, eventId = sent.eventId, edit?: (body: { payload: { payment: { entity: Record<string, unknown> } } }) => void) => {
    let body = sent.body;
    if (edit) {
      const parsed = JSON.parse(body);
      edit(parsed);
      body = JSON.stringify(parsed);
    }
    const headers = { ...sent.headers, 'x-razorpay-event-id': eventId, 'x-razorpay-signature': hmacHex(gateway.keys.webhookSecret, body) };
    const reply = await app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers, payload: body });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json().outcome as string;
  };
  /** A prepaid order paid at the gateway, its three webhooks held back: [authorized, captured, order.paid]. */
  const paidAtGateway = async () => {
    const lamp = await product(ctx, { stock: 5 });
    const placed = (await placeOrder(ctx, asha, lamp.id, 'prepaid')).json();
    return { placed, held: await payHoldingWebhooks(ctx, placed.payment.providerOrderId) };
  };

  beforeAll(async () => {
    // Every webhook here is held at the gateway and sent by `send`: the shop's delivery by inject goes unused.
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('records the paying event with its outcome in the transaction, then decides the captures of the paid order in one statement', async () => {
    const { placed, held } = await paidAtGateway();
    const [authorized, captured, paid] = held;
    expect(await send(authorized)).toBe('applied');
    expect((await eventsOf(authorized.eventId)).map((event) => event.outcome)).toEqual(['applied']);
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('authorized');

    // The capture, five times at once under its one event id: applied once, the others are redeliveries.
    const outcomes = await Promise.all([0, 1, 2, 3, 4].map(() => send(captured)));
    expect(outcomes.sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const row = await orderRow(ctx, placed._id);
    expect(row).toMatchObject({ paymentStatus: 'captured', amountPaid: placed.grandTotal, reservationExpiresAt: null });
    expect((await eventsOf(captured.eventId)).map((event) => [event.outcome, event.orderId])).toEqual([['applied', placed._id]]);

    // order.paid, and the capture again under a new event id (Razorpay's at-least-once): nothing left to change.
    expect(await send(paid)).toBe('ignored');
    expect(await send(captured, `${captured.eventId}b`)).toBe('ignored');
    expect((await eventsOf(`${captured.eventId}b`)).map((event) => event.outcome)).toEqual(['ignored']);
    expect(await send(paid)).toBe('duplicate');
    expect((await orderRow(ctx, placed._id)).updatedAt).toEqual(row.updatedAt);
  });

  it('sends a capture of a paid order with another amount through the transaction: flagged, not applied', async () => {
    const { placed, held } = await paidAtGateway();
    const [authorized, captured] = held;
    expect(await send(authorized)).toBe('applied');
    const outcome = await send(captured, undefined, (body) => {
      body.payload.payment.entity.amount = placed.grandTotal + 100;
    });
    expect(outcome).toBe('flagged');
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentStatus: 'authorized', paymentFlag: 'amount_mismatch', amountPaid: placed.grandTotal });
    expect((await eventsOf(captured.eventId)).map((event) => event.outcome)).toEqual(['flagged']);
  });

  it('records a capture of a Razorpay order the shop never made as unknown_order, once', async () => {
    const { held } = await paidAtGateway();
    const captured = held[1];
    const eventId = `${captured.eventId}u`;
    const unknown = (body: { payload: { payment: { entity: Record<string, unknown> } } }) => {
      body.payload.payment.entity.order_id = 'order_NeverMadeHere01';
    };
    expect(await send(captured, eventId, unknown)).toBe('unknown_order');
    expect(await send(captured, eventId, unknown)).toBe('duplicate');
    expect((await eventsOf(eventId)).map((event) => [event.outcome, event.orderId])).toEqual([['unknown_order', null]]);
  });

  it('takes a capture that arrives before the authorisation through the transaction: paid once, invoiced once', async () => {
    await setTaxIdentity(ctx);
    try {
      const { placed, held } = await paidAtGateway();
      const [authorized, captured, paid] = held;
      expect(await send(captured)).toBe('applied');
      expect(await send(authorized)).toBe('ignored');
      expect(await send(paid)).toBe('ignored');
      expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('captured');
      await ctx.app.invoices.issuer.drain();
      const issued = await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, placed._id));
      expect(issued.map((invoice) => [invoice.kind, invoice.amount])).toEqual([['invoice', placed.grandTotal]]);
    } finally {
      await setTaxIdentity(ctx, null);
    }
  });

  it('gives one invoice to two issuings of one order at the same moment, and the next number follows it (no gap)', async () => {
    await setTaxIdentity(ctx);
    try {
      const lamp = await taxedProduct(ctx, { price: 11_800, gstRate: 1800, hsnCode: '9405' });
      const [one, two] = [await bareOrder(ctx, lamp.id, 11_800, 1), await bareOrder(ctx, lamp.id, 11_800, 2)];
      // 2032-33: a financial year no other test issues in.
      const at = new Date('2032-06-01T06:00:00Z');
      const both = await Promise.all([issueInvoice(ctx.handle.db, one, at), issueInvoice(ctx.handle.db, one, at)]);
      expect(both.map((invoice) => invoice!.number)).toEqual(['KG/3233/00001', 'KG/3233/00001']);
      expect((await issueInvoice(ctx.handle.db, two, at))!.number).toBe('KG/3233/00002');
      const [counter] = await ctx.handle.db
        .select()
        .from(invoiceCounters)
        .where(and(eq(invoiceCounters.series, 'invoice'), eq(invoiceCounters.financialYear, '2032-33')));
      expect(counter!.lastNumber).toBe(2);
    } finally {
      await setTaxIdentity(ctx, null);
    }
  });
});
