import { orderLines, orders } from '@shop/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { authContext } from '../auth/auth-helpers.ts';
import { engines, type TestContext } from '../helpers.ts';
import { customer, product, roomyLimits, stockOf } from '../orders/order-helpers.ts';
import { deliverWebhooksByInject, placeOrder, verifyCheckout } from './payment-fixture.ts';

/**
 * 200 shoppers at once for 10 units, paid (issue 20), on PGlite and PostgreSQL: exactly 10 orders hold the units, the
 * stock never reads below zero while they race, the 10 are paid by the browser's confirmation and the webhooks racing
 * each other, and units an unpaid order held come back when its reservation expires, for others to buy and pay.
 */

describe.each(engines)('200 concurrent prepaid checkouts (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;

  beforeAll(async () => {
    // Not openPaymentShop: the test signs in its own shoppers, and asha would be one too many.
    ctx = await authContext(engine, { ...roomyLimits, paymentReconcileEverySeconds: 86_400 });
    app = ctx.app;
    gateway = deliverWebhooksByInject(app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('ends with exactly 10 paid orders for 10 units, never a negative stock, and expired reservations back on sale', async () => {
    const scarce = await product(ctx, { stock: 10 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => customer(ctx)));
    const checkout = (i: number) => {
      const shopper = shoppers[i % shoppers.length]!;
      return placeOrder(ctx, shopper, scarce.id, 'prepaid');
    };

    // The stock as others see it while the checkouts race.
    const seen: number[] = [];
    let racing = true;
    const watcher = (async () => {
      while (racing) {
        seen.push(await stockOf(ctx, scarce.id));
        // PGlite answers within microtasks: without a turn of the event loop this loop would starve the requests.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => checkout(i)));
    racing = false;
    await watcher;
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(190);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(new Set(['out_of_stock']));
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    expect(await stockOf(ctx, scarce.id)).toBe(0);

    const placed = responses.flatMap((response, i) => (response.statusCode === 201 ? [{ ...response.json(), owner: shoppers[i % shoppers.length]! }] : []));
    // Seven shoppers pay, all at once, each confirmed by the browser; three walk away.
    const [payers, leavers] = [placed.slice(0, 7), placed.slice(7)];
    await Promise.all(
      payers.map(async (order) => {
        const { checkout: result } = await gateway.pay(order.payment.providerOrderId, { webhooks: false });
        const verified = await verifyCheckout(ctx, order.owner, order._id, result);
        expect(verified.statusCode, verified.body).toBe(200);
      }),
    );
    // Razorpay's webhooks for the same payments arrive after the browser's confirmations, each twice, all at once.
    await Promise.all(
      payers.map(async (order) => {
        const payment = [...gateway.payments.values()].find((entry) => entry.order_id === order.payment.providerOrderId)!;
        const sent = await gateway.sendEvent('payment.captured', { payment: { entity: { ...payment } } });
        expect(await gateway.redeliver(sent)).toBe(200);
      }),
    );

    // The three reservations run out: their units come back, once, however many passes run.
    const later = new Date(Date.now() + 16 * 60_000);
    await Promise.all([app.payments.expire(later), app.payments.expire(later)]);
    expect(await stockOf(ctx, scarce.id)).toBe(3);
    const cancelled = await ctx.handle.db
      .select({ status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          leavers.map((order) => order._id),
        ),
      );
    expect(cancelled.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);

    // Another 50 race for those three: three get them and pay by webhook.
    const second = await Promise.all(Array.from({ length: 50 }, (_, i) => checkout(i)));
    const again = second.filter((response) => response.statusCode === 201).map((response) => response.json());
    expect(again).toHaveLength(3);
    for (const order of again) await gateway.pay(order.payment.providerOrderId);
    expect(await stockOf(ctx, scarce.id)).toBe(0);

    const rows = await ctx.handle.db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus, amountPaid: orders.amountPaid, grandTotal: orders.grandTotal })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.productId, scarce.id), eq(orders.status, 'placed')));
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.paymentStatus === 'captured' && row.amountPaid === row.grandTotal)).toBe(true);
  }, 60_000);
});
