import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { documentsOf, setTaxIdentity, taxedProduct } from '../invoices/invoice-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { openPaymentShop, orderRow, paidOrder, placedOrder, refundAsStaff, type Shopper, staffMember } from '../payments/payment-fixture.ts';
import { call } from './order-helpers.ts';

/**
 * The shop's own move of an order to `refunded` (orders/change-status.ts), on PGlite and PostgreSQL. An online payment
 * is given back through the provider (the refund ledger, decision 063): the status may follow that, never stand in
 * for it, and its GST credit note covers what was refunded. Cash on delivery is given back by hand: the shop's word
 * is the record, and the whole invoice is credited (decision 069).
 */

describe.each(engines)('marking an order refunded (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const move = (id: string, body: Record<string, unknown>) => call(app, 'POST', `/api/admin/orders/${id}/status`, staff, body);
  /** Staff take an order from placed to delivered, as the back office would. */
  async function deliver(id: string) {
    for (const body of [
      { status: 'confirmed' },
      { status: 'packed' },
      { status: 'shipped', tracking: { carrier: 'Delhivery', number: 'AWB1234567890' } },
      { status: 'delivered' },
    ]) {
      const moved = await move(id, body);
      expect(moved.statusCode, moved.body).toBe(200);
    }
  }
  const credited = async (id: string) =>
    (await documentsOf(ctx, id)).filter((document) => document.kind === 'credit_note').reduce((sum, note) => sum + note.amount, 0);

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    staff = await staffMember(ctx);
    await setTaxIdentity(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses to mark an online-paid order refunded until its payment is refunded in full, then credits only what was refunded', async () => {
    const lamp = await taxedProduct(ctx, { price: 60_000, gstRate: 1800, hsnCode: '9405' });
    const mug = await taxedProduct(ctx, { price: 40_000, gstRate: 1800, hsnCode: '6912' });
    const order = await paidOrder(ctx, asha, [
      { productId: lamp.id, quantity: 1 },
      { productId: mug.id, quantity: 1 },
    ]);
    await app.invoices.issuer.drain();
    await deliver(order._id);
    const [invoice] = await documentsOf(ctx, order._id);
    expect(invoice).toMatchObject({ kind: 'invoice', amount: order.grandTotal });

    // Nothing refunded yet: the status would credit the whole invoice for money never given back.
    expectRefusal(await move(order._id, { status: 'refunded' }), 409, 'payment_not_refunded', { status: 'payment_not_refunded' });
    expect(await documentsOf(ctx, order._id)).toHaveLength(1);
    expect((await orderRow(ctx, order._id)).status).toBe('delivered');

    // The mug is refunded: a credit note for it, and the order still may not be marked refunded.
    const mugBack = await refundAsStaff(ctx, staff, order._id, { kind: 'lines', lines: [{ lineId: order.items[1]!.id, quantity: 1 }], reason: 'Chipped' });
    expect(mugBack.statusCode, mugBack.body).toBe(202);
    await gateway.settle();
    expect(await credited(order._id)).toBe(40_000);
    expectRefusal(await move(order._id, { status: 'refunded' }), 409, 'payment_not_refunded');
    expect(await credited(order._id)).toBe(40_000);

    // Refunded in full through the provider: now the status follows, and credits nothing more than was refunded.
    expect((await refundAsStaff(ctx, staff, order._id, { kind: 'full', reason: 'Lamp too' })).statusCode).toBe(202);
    await gateway.settle();
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
    const notesBefore = (await documentsOf(ctx, order._id)).length;
    const marked = await move(order._id, { status: 'refunded', note: 'Both items came back' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await orderRow(ctx, order._id)).status).toBe('refunded');
    expect(await documentsOf(ctx, order._id)).toHaveLength(notesBefore);
    expect(await credited(order._id)).toBe(invoice!.amount);
  });

  it('refuses it for a returned online-paid order as well', async () => {
    const lamp = await taxedProduct(ctx, { price: 60_000, gstRate: 1800, hsnCode: '9405' });
    const order = await paidOrder(ctx, asha, lamp.id);
    await deliver(order._id);
    expect((await move(order._id, { status: 'returned' })).statusCode).toBe(200);
    expectRefusal(await move(order._id, { status: 'refunded' }), 409, 'payment_not_refunded');
  });

  it('marks a cash-on-delivery order refunded on the shop’s word, crediting its whole invoice', async () => {
    const lamp = await taxedProduct(ctx, { price: 60_000, gstRate: 1800, hsnCode: '9405' });
    const order = await placedOrder(ctx, asha, lamp.id, 'cod');
    await deliver(order._id);
    const [invoice] = await documentsOf(ctx, order._id);
    expect(invoice).toMatchObject({ kind: 'invoice', amount: order.grandTotal });
    expect((await move(order._id, { status: 'returned' })).statusCode).toBe(200);
    const marked = await move(order._id, { status: 'refunded', note: 'Cash returned by UPI' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await credited(order._id)).toBe(invoice!.amount);
  });
});
