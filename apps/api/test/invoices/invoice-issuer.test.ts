import { invoiceCounters, invoices, orders } from '@shop/db';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceIssuer, issueDueInvoices } from '../../src/invoices/invoice-issuer.ts';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { engines, type TestContext } from '../helpers.ts';
import { openPaymentShop, placeOrder, RAZORPAY_WEBHOOK, type Shopper } from '../payments/payment-fixture.ts';
import { eventually } from '../outbox/local-servers.ts';
import { bareOrder, documentsOf, setTaxIdentity, taxedProduct } from './invoice-helpers.ts';

/**
 * The batch invoice issuer (decision 109), on PGlite and PostgreSQL: due orders are numbered in batches with no gap
 * and no duplicate even when two issuers (two API processes) race; an invoice left due by a process that stopped is
 * issued by the next one; a paying webhook leaves the invoice due and the issuer it wakes issues it once.
 */

describe.each(engines)('the invoice issuer (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  const silent = { warn: () => undefined, error: () => undefined };

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    await setTaxIdentity(ctx);
    // The app's own issuer is stopped: these tests run the issuer by hand, or a second one as the next process would.
    await app.invoices.issuer.stop();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const due = async (ids: string[]) => {
    await ctx.handle.db
      .update(orders)
      .set({ invoiceDueAt: sql`now()` })
      .where(inArray(orders.id, ids));
  };

  it('numbers the due orders of two racing issuers 1 to N, each once, and clears every marker', async () => {
    const lamp = await taxedProduct(ctx, { price: 11_800, gstRate: 1800, hsnCode: '9405' });
    const ids: string[] = [];
    for (let index = 0; index < 45; index++) ids.push(await bareOrder(ctx, lamp.id, 11_800, index));
    await ctx.handle.db.update(orders).set({ invoiceDueAt: null });
    await due(ids);
    // A year no other test uses: the counter starts at 1 there.
    const at = new Date('2041-06-01T06:00:00Z');
    const race = async () => {
      let issued = 0;
      for (;;) {
        const pass = await issueDueInvoices(ctx.handle.db, { batchSize: 7, at, log: silent });
        issued += pass.issued;
        if (pass.taken === 0) return issued;
      }
    };
    const [first, second] = await Promise.all([race(), race()]);
    expect(first + second).toBe(45);
    const written = await ctx.handle.db
      .select({ orderId: invoices.orderId, sequence: invoices.sequence, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.kind, 'invoice'), eq(invoices.financialYear, '2041-42')));
    expect(written).toHaveLength(45);
    expect(new Set(written.map((row) => row.orderId))).toEqual(new Set(ids));
    expect(written.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, index) => index + 1));
    expect(written.map((row) => row.number)).toContain('KG/4142/00045');
    const [counter] = await ctx.handle.db
      .select({ last: invoiceCounters.lastNumber })
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, 'invoice'), eq(invoiceCounters.financialYear, '2041-42')));
    expect(counter?.last).toBe(45);
    expect(await ctx.handle.db.select({ id: orders.id }).from(orders).where(isNotNull(orders.invoiceDueAt))).toEqual([]);

    // Marked due again (a prepaid order shipped): the issuer finds its invoice and issues none.
    await due(ids.slice(0, 3));
    expect(await issueDueInvoices(ctx.handle.db, { batchSize: 10, at, log: silent })).toEqual({ taken: 3, issued: 0, failed: 0 });
    expect(await documentsOf(ctx, ids[0]!)).toHaveLength(1);
  });

  it('puts back an order whose invoice cannot be issued and issues the rest of its batch', async () => {
    const lamp = await taxedProduct(ctx, { price: 11_800, gstRate: 1800, hsnCode: '9405' });
    const good = await bareOrder(ctx, lamp.id, 11_800, 1);
    const bad = await bareOrder(ctx, lamp.id, 11_800, 2);
    // Totals that do not add up (a bug to see): its invoice throws.
    await ctx.handle.db.update(orders).set({ grandTotal: 1 }).where(eq(orders.id, bad));
    await due([good, bad]);
    const pass = await issueDueInvoices(ctx.handle.db, { batchSize: 10, log: silent });
    expect(pass).toMatchObject({ issued: 1, failed: 1 });
    expect(await documentsOf(ctx, good)).toHaveLength(1);
    expect(await documentsOf(ctx, bad)).toEqual([]);
    const [row] = await ctx.handle.db.select({ dueAt: orders.invoiceDueAt }).from(orders).where(eq(orders.id, bad));
    expect(row!.dueAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    await ctx.handle.db.update(orders).set({ invoiceDueAt: null }).where(eq(orders.id, bad));
  });

  it('leaves a paid order due when the process stops before issuing, and the next process issues it once', async () => {
    const lamp = await taxedProduct(ctx, { price: 118_000, gstRate: 1800, hsnCode: '9405' });
    // This process's issuer is gone (stopped in beforeAll, as after a crash): the webhook commits the payment and the
    // marker only.
    const placed = (await placeOrder(ctx, asha, lamp.id, 'prepaid')).json();
    const { webhooks } = await gateway.pay(placed.payment.providerOrderId);
    expect(webhooks.map((sent) => sent.status)).toEqual([200, 200, 200]);
    const [paid] = await ctx.handle.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(paid).toMatchObject({ paymentStatus: 'captured' });
    expect(paid!.invoiceDueAt, JSON.stringify({ paid, documents: await documentsOf(ctx, placed._id) })).not.toBeNull();
    expect(await documentsOf(ctx, placed._id)).toEqual([]);
    // The same webhooks again (Razorpay's retries) change nothing and make nothing due twice.
    for (const sent of webhooks) {
      const again = await app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK, headers: sent.headers, payload: sent.body });
      expect(again.json()).toMatchObject({ outcome: 'duplicate' });
    }

    // The next process: its issuer finds the due order by polling, with no wake.
    const next = createInvoiceIssuer({ db: ctx.handle.db, log: silent, pollMs: 50 });
    next.start();
    try {
      await eventually(async () => (await documentsOf(ctx, placed._id)).length === 1, 20_000);
    } finally {
      await next.stop();
    }
    const [invoice] = await documentsOf(ctx, placed._id);
    expect(invoice).toMatchObject({ kind: 'invoice', amount: placed.grandTotal, igst: 18_000 });
    const [after] = await ctx.handle.db.select({ dueAt: orders.invoiceDueAt }).from(orders).where(eq(orders.id, placed._id));
    expect(after!.dueAt).toBeNull();
  });
});
