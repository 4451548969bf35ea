import { orders, siteSettings } from '@shop/db';
import { type CodSettings, DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { engines, type TestContext } from '../helpers.ts';
import { call, coupon } from '../orders/order-helpers.ts';
import { openPaymentShop, placeOrder, type Shopper, staffMember } from '../payments/payment-fixture.ts';
import { documentsOf, setTaxIdentity, taxedProduct } from './invoice-helpers.ts';

/**
 * Invoices of orders that carry the shop's payment charges (issue 21 with decision 065), on PGlite and PostgreSQL:
 * the prepaid saving is a discount on the items, so the invoice is exactly what was paid online; the COD fee is its own
 * line, so the invoice at shipping is exactly what the courier collects. The shop is in Maharashtra, the customers in
 * Karnataka: inter-state, IGST.
 */

describe.each(engines)('invoices with COD fee and prepaid saving (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const place = (productId: string, paymentMethod: 'cod' | 'prepaid', extra: Record<string, unknown> = {}) =>
    placeOrder(ctx, asha, productId, paymentMethod, extra);
  const move = (id: string, body: unknown) => call(app, 'POST', `/api/admin/orders/${id}/status`, staff, body);
  const ship = async (id: string) => {
    for (const status of ['confirmed', 'packed']) expect((await move(id, { status })).statusCode).toBe(200);
    const shipped = await move(id, { status: 'shipped', tracking: { carrier: 'Delhivery', number: 'DL123' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
  };
  async function setCod(changes: Partial<CodSettings>) {
    await ctx.handle.db.update(siteSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, ...changes } });
    await app.responseCache.invalidate();
  }

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    staff = await staffMember(ctx);
    // Writes the settings row too, which the COD controls live in.
    await setTaxIdentity(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(async () => setCod({ fee: 4_900, prepaidDiscount: { percent: 10, cap: 5_000 } }));

  it('invoices a prepaid order with the prepaid saving, on payment, for exactly what was paid', async () => {
    const lamp = await taxedProduct(ctx, { price: 118_000, gstRate: 1800, hsnCode: '9405' });
    const off = await coupon(ctx, { type: 'fixed', value: 10_000 });
    const placed = await place(lamp.id, 'prepaid', { couponCode: off.code });
    expect(placed.statusCode, placed.body).toBe(201);
    // 10 % of (118,000 − 10,000) capped at 5,000; free shipping; no fee on an online payment.
    expect(placed.json()).toMatchObject({ discount: 10_000, prepaidDiscount: 5_000, codFee: 0, shipping: 0, grandTotal: 103_000 });
    expect(placed.json().payment.amount).toBe(103_000);
    expect(await documentsOf(ctx, placed.json()._id)).toEqual([]);

    const { webhooks } = await gateway.pay(placed.json().payment.providerOrderId);
    expect(webhooks.map((sent) => sent.status)).toEqual([200, 200, 200]);
    // Decision 109: issued by the batch issuer just after the paying webhook's commit.
    await app.invoices.issuer.drain();
    const [paid] = await ctx.handle.db.select().from(orders).where(eq(orders.id, placed.json()._id));
    expect(paid).toMatchObject({ paymentStatus: 'captured', amountPaid: 103_000 });
    const documents = await documentsOf(ctx, placed.json()._id);
    expect(documents).toHaveLength(1);
    // Coupon and saving together (15,000) come off the item before tax: IGST = round(103000 × 1800 / 11800) = 15712.
    expect(documents[0]).toMatchObject({ kind: 'invoice', amount: 103_000, taxable: 87_288, igst: 15_712, cgst: 0, sgst: 0 });
    expect(documents[0]!.lines).toEqual([
      expect.objectContaining({ kind: 'item', gross: 118_000, discount: 15_000, amount: 103_000, taxable: 87_288, igst: 15_712 }),
    ]);
  });

  it('invoices a COD order with a COD fee at shipping: a COD-fee line, totals equal to the grand total', async () => {
    const frame = await taxedProduct(ctx, { price: 56_000, gstRate: 1200, hsnCode: '4414' });
    const placed = await place(frame.id, 'cod');
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ codFee: 4_900, prepaidDiscount: 0, shipping: 0, grandTotal: 60_900 });
    for (const status of ['confirmed', 'packed']) expect((await move(placed.json()._id, { status })).statusCode).toBe(200);
    expect(await documentsOf(ctx, placed.json()._id)).toEqual([]);
    const shipped = await move(placed.json()._id, { status: 'shipped', tracking: { carrier: 'Delhivery', number: 'DL123' } });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const [invoice] = await documentsOf(ctx, placed.json()._id);
    // The item: IGST = round(56000 × 1200 / 11200) = 6000. The fee at the order's highest rate (12 %, SAC 996812):
    // IGST = round(4900 × 1200 / 11200) = 525.
    expect(invoice).toMatchObject({ kind: 'invoice', amount: 60_900, taxable: 54_375, igst: 6_525 });
    expect(invoice!.lines).toEqual([
      expect.objectContaining({ kind: 'item', hsn: '4414', amount: 56_000, taxable: 50_000, igst: 6_000 }),
      expect.objectContaining({ kind: 'cod_fee', hsn: '996812', rate: 1200, quantity: 1, amount: 4_900, taxable: 4_375, igst: 525 }),
    ]);
  });

  it('invoices a prepaid order switched to cash on delivery at shipping, for its COD total (saving gone, fee in)', async () => {
    const frame = await taxedProduct(ctx, { price: 56_000, gstRate: 1200, hsnCode: '4414' });
    const placed = await place(frame.id, 'prepaid');
    expect(placed.json()).toMatchObject({ prepaidDiscount: 5_000, grandTotal: 51_000 });
    const switched = await call(app, 'POST', `/api/user/order/${placed.json()._id}/payment/cash-on-delivery`, asha);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ codFee: 4_900, prepaidDiscount: 0, grandTotal: 60_900 });
    await ship(placed.json()._id);
    const [invoice] = await documentsOf(ctx, placed.json()._id);
    expect(invoice).toMatchObject({ kind: 'invoice', amount: 60_900, taxable: 54_375, igst: 6_525 });
    expect(invoice!.lines.map((line) => [line.kind, line.discount, line.amount])).toEqual([
      ['item', 0, 56_000],
      ['cod_fee', 0, 4_900],
    ]);
  });
});
