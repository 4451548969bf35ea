import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { creditInvoice } from '../../src/invoices/credit-note.ts';
import { issueInvoice } from '../../src/invoices/issue-invoice.ts';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { engines, type TestContext } from '../helpers.ts';
import { call } from '../orders/order-helpers.ts';
import { openPaymentShop, placeOrder, refundAsStaff, type Shopper, staffMember, verifyCheckout } from '../payments/payment-fixture.ts';
import { bareOrder, documentsOf, setTaxIdentity, taxedProduct } from './invoice-helpers.ts';

/**
 * When invoices and credit notes are issued (issue 21): a prepaid order on payment, cash on delivery on shipping, a
 * credit note on cancellation and on each refund (partial ones partial), numbers consecutive per financial year
 * under concurrency, restarting on 1 April.
 */

describe.each(engines)('issuing invoices (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const place = (productId: string, paymentMethod: 'cod' | 'prepaid') => placeOrder(ctx, asha, productId, paymentMethod);
  const move = (id: string, body: unknown) => call(app, 'POST', `/api/admin/orders/${id}/status`, staff, body);

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    staff = await staffMember(ctx);
    await setTaxIdentity(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('invoices a prepaid order once, when it is paid: inter-state IGST, the amount paid to the paisa', async () => {
    const lamp = await taxedProduct(ctx, { price: 118_000, gstRate: 1800, hsnCode: '9405' });
    const placed = (await place(lamp.id, 'prepaid')).json();
    expect(await documentsOf(ctx, placed._id)).toEqual([]);
    const { webhooks, checkout } = await gateway.pay(placed.payment.providerOrderId);
    expect(webhooks.map((sent) => sent.status)).toEqual([200, 200, 200]);
    // Decision 109: the invoice is issued by the batch issuer just after the paying webhook's commit.
    await app.invoices.issuer.drain();
    // The browser's verification after the webhooks changes nothing more.
    expect((await verifyCheckout(ctx, asha, placed._id, checkout)).statusCode).toBe(200);
    const documents = await documentsOf(ctx, placed._id);
    expect(documents).toHaveLength(1);
    // ₹1,180 at 18 % to Karnataka from Maharashtra: IGST = 118000 × 1800 / 11800 = 18000, taxable 100000.
    expect(documents[0]).toMatchObject({
      kind: 'invoice',
      number: expect.stringMatching(/^KG\/\d{4}\/\d{5}$/),
      orderNumber: placed.number,
      placeOfSupply: '29',
      supplyType: 'inter_state',
      amount: placed.grandTotal,
      taxable: 100_000,
      igst: 18_000,
      cgst: 0,
      sgst: 0,
    });
    expect(documents[0]!.lines).toEqual([expect.objectContaining({ hsn: '9405', rate: 1800, quantity: 1, amount: 118_000 })]);
    expect(documents[0]!.supplier).toMatchObject({ gstin: '27AAPFU0939F1ZV', stateCode: '27', address: ['12 Crafts Lane', 'Pune 411001'] });
  });

  it('invoices cash on delivery when it ships, not before', async () => {
    const frame = await taxedProduct(ctx, { price: 56_000, gstRate: 1200, hsnCode: '4414' });
    const placed = (await place(frame.id, 'cod')).json();
    for (const status of ['confirmed', 'packed']) expect((await move(placed._id, { status })).statusCode).toBe(200);
    expect(await documentsOf(ctx, placed._id)).toEqual([]);
    const shipped = await move(placed._id, { status: 'shipped', tracking: { carrier: 'Delhivery', number: 'DL123' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [invoice] = await documentsOf(ctx, placed._id);
    // ₹560 at 12 %: IGST = round(56000 × 1200 / 11200) = 6000; taxable 50000.
    expect(invoice).toMatchObject({ kind: 'invoice', amount: 56_000, taxable: 50_000, igst: 6_000 });
  });

  it('credits the whole invoice when a paid order is cancelled, and the refund that follows credits nothing more', async () => {
    const lamp = await taxedProduct(ctx, { price: 59_000, gstRate: 1800, hsnCode: '9405' });
    const placed = (await place(lamp.id, 'prepaid')).json();
    await gateway.pay(placed.payment.providerOrderId);
    const cancelled = await move(placed._id, { status: 'cancelled', note: 'Out of brass' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await gateway.settle();
    const [invoice, note, ...more] = await documentsOf(ctx, placed._id);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: expect.stringMatching(/^KGC\/\d{4}\/\d{5}$/),
      invoiceId: invoice!.id,
      reason: 'cancelled',
      amount: invoice!.amount,
      taxable: invoice!.taxable,
      igst: invoice!.igst,
    });
  });

  it('never dates a credit note before the invoice it reverses, when the issuer dated the invoice later', async () => {
    const lamp = await taxedProduct(ctx, { price: 59_000, gstRate: 1800, hsnCode: '9405' });
    const placed = (await place(lamp.id, 'prepaid')).json();
    await gateway.pay(placed.payment.providerOrderId);
    await app.invoices.issuer.drain();
    const [invoice] = await documentsOf(ctx, placed._id);
    // A cancellation that read the clock before it waited for the order's lock, while the issuer held it.
    const before = new Date(invoice!.issuedAt.getTime() - 60_000);
    const note = await creditInvoice(ctx.handle.db, placed._id, 'all', 'cancelled', before);
    expect(note).toMatchObject({ kind: 'credit_note', amount: invoice!.amount });
    expect(note!.issuedAt.getTime()).toBe(invoice!.issuedAt.getTime());
  });

  it('gives a partial refund a partial credit note, and the rest of the refund the rest', async () => {
    const lamp = await taxedProduct(ctx, { price: 118_000, gstRate: 1800, hsnCode: '9405' });
    const placed = (await place(lamp.id, 'prepaid')).json();
    const { paymentId } = await gateway.pay(placed.payment.providerOrderId);
    await app.payments.provider.refund(paymentId, { amount: 50_000 });
    await gateway.settle();
    let [invoice, partial] = await documentsOf(ctx, placed._id);
    // ₹500 of ₹1,180 back: IGST = round(50000 × 1800 / 11800) = round(7627.12) = 7627, taxable 42373.
    expect(partial).toMatchObject({ kind: 'credit_note', reason: 'refunded', amount: 50_000, taxable: 42_373, igst: 7_627 });
    await app.payments.provider.refund(paymentId, { amount: 68_000 });
    await gateway.settle();
    const documents = await documentsOf(ctx, placed._id);
    [invoice, partial] = documents;
    const rest = documents[2]!;
    expect(rest).toMatchObject({ kind: 'credit_note', amount: 68_000, taxable: 100_000 - 42_373, igst: 18_000 - 7_627 });
    expect(partial!.amount + rest.amount).toBe(invoice!.amount);
  });

  it("credits a refund of one item on that item's line, at its GST rate, and the rest of the order later (decision 143)", async () => {
    const ring = await taxedProduct(ctx, { price: 100_000, gstRate: 300, hsnCode: '7113' });
    const cushion = await taxedProduct(ctx, { price: 100_000, gstRate: 1800, hsnCode: '9404' });
    const placed = (
      await placeOrder(ctx, asha, [
        { productId: ring.id, quantity: 1 },
        { productId: cushion.id, quantity: 1 },
      ])
    ).json();
    await gateway.pay(placed.payment.providerOrderId);
    await app.invoices.issuer.drain();
    const cushionLine = placed.items.find((line: { productId: string }) => line.productId === cushion.id);
    const refunded = await refundAsStaff(ctx, staff, placed._id, {
      kind: 'lines',
      lines: [{ lineId: cushionLine.id, quantity: 1 }],
      reason: 'Cushion arrived torn',
      restock: false,
    });
    expect(refunded.statusCode, refunded.body).toBe(202);
    await gateway.settle();
    const [invoice, note] = await documentsOf(ctx, placed._id);
    // ₹1,000 back for the cushion at 18 %: IGST = round(100000 × 1800 / 11800) = 15254. Spread over both lines, it
    // was ₹500 at 3 % and ₹500 at 18 %: 1456 + 7627 = 9083 of tax.
    expect(note).toMatchObject({ kind: 'credit_note', amount: 100_000, taxable: 84_746, igst: 15_254 });
    expect(note!.lines.map((line) => [line.hsn, line.rate, line.amount])).toEqual([['9404', 1800, 100_000]]);
    // The rest refunded later credits the ring: the notes add up to the invoice, tax included.
    const rest = await refundAsStaff(ctx, staff, placed._id, { kind: 'full', reason: 'Order refunded', restock: false });
    expect(rest.statusCode, rest.body).toBe(202);
    await gateway.settle();
    const notes = (await documentsOf(ctx, placed._id)).filter((document) => document.kind === 'credit_note');
    expect(notes.reduce((sum, document) => sum + document.igst, 0)).toBe(invoice!.igst);
    expect(notes[1]!.lines.map((line) => [line.hsn, line.rate])).toEqual([['7113', 300]]);
  });

  it('issues no invoice while the shop has no GST registration', async () => {
    await setTaxIdentity(ctx, null);
    try {
      const lamp = await taxedProduct(ctx, { price: 30_000, gstRate: 1800, hsnCode: '9405' });
      const placed = (await place(lamp.id, 'prepaid')).json();
      await gateway.pay(placed.payment.providerOrderId);
      expect(await documentsOf(ctx, placed._id)).toEqual([]);
    } finally {
      await setTaxIdentity(ctx);
    }
  });

  it('numbers 100 invoices issued at the same time 1 to 100 in a new financial year, and starts again on 1 April', async () => {
    const lamp = await taxedProduct(ctx, { price: 11_800, gstRate: 1800, hsnCode: '9405' });
    const ids = await Promise.all(Array.from({ length: 100 }, (_, index) => bareOrder(ctx, lamp.id, 11_800, index)));
    // 2030-31: a year no other test issues in. 31 March 2031, 23:00 in India.
    const march = new Date('2031-03-31T17:30:00Z');
    const issued = await Promise.all(ids.map((id) => issueInvoice(ctx.handle.db, id, march)));
    expect(issued.map((row) => row!.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(new Set(issued.map((row) => row!.number)).size).toBe(100);
    expect(issued.every((row) => /^KG\/3031\/\d{5}$/.test(row!.number) && row!.number.length <= 16)).toBe(true);
    // Issuing again answers the same invoice.
    expect((await issueInvoice(ctx.handle.db, ids[0]!, march))!.number).toBe(issued[0]!.number);

    const april = [await bareOrder(ctx, lamp.id, 11_800, 100), await bareOrder(ctx, lamp.id, 11_800, 101)];
    // 1 April 2031, 00:00 in India (18:30 UTC the day before).
    const first = await issueInvoice(ctx.handle.db, april[0]!, new Date('2031-03-31T18:30:00Z'));
    const second = await issueInvoice(ctx.handle.db, april[1]!, new Date('2031-04-01T09:00:00Z'));
    expect([first!.number, second!.number]).toEqual(['KG/3132/00001', 'KG/3132/00002']);
    expect([first!.financialYear, second!.financialYear]).toEqual(['2031-32', '2031-32']);
  });
});
