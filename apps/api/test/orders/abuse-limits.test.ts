import { randomInt } from 'node:crypto';
import { orders } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from '../../src/orders/limits.ts';
import { anotherApp, authContext } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { coupon, customer, product, stockOf } from './order-helpers.ts';

/**
 * Issue 19, finding 3: one customer placed 139 cash-on-delivery orders in about a second and drained a product's
 * stock; a line could ask 99 units and an order 50 lines; coupon codes could be guessed without limit. Each limit at
 * its default (README "Limits"), on PGlite and PostgreSQL (TEST_DATABASE_URL); the wrong-coupon counter in the
 * database, and in Redis when REDIS_URL is set.
 */

/** A client address of its own per test run: the Redis counters outlive a test database. */
const someIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe.each(engines)('abuse limits on orders and coupons (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const apps: FastifyInstance[] = [];

  /** Another API process on the same database with other limits (a shop that changed its settings). */
  async function appWith(limits: Partial<OrderLimits>): Promise<FastifyInstance> {
    const other = await anotherApp(ctx, { orderLimits: { ...DEFAULT_ORDER_LIMITS, ...limits } });
    apps.push(other);
    return other;
  }

  type Customer = Awaited<ReturnType<typeof customer>>;
  const place = (who: Customer, items: unknown[], options: { on?: FastifyInstance; couponCode?: string; ip?: string } = {}) =>
    (options.on ?? app).inject({
      method: 'POST',
      url: '/api/user/order',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      remoteAddress: options.ip ?? '127.0.0.1',
      payload: JSON.stringify({ items, addressId: who.addressId, paymentMethod: 'cod', ...(options.couponCode ? { couponCode: options.couponCode } : {}) }),
    });
  const cancel = (who: Customer, id: string) => app.inject({ method: 'POST', url: `/api/user/order/${id}/cancel`, headers: { cookie: who.cookie } });
  const oneOf = (item: { id: string }, quantity = 1) => [{ productId: item.id, variantId: null, quantity }];

  beforeAll(async () => {
    ctx = await authContext(engine);
    app = ctx.app;
  });
  afterAll(async () => {
    for (const other of apps) await other.close();
    await ctx?.close();
  });

  it('refuses an order worth more than ₹2 crore (400 order_too_large), which the money columns could not hold', async () => {
    // ₹1 crore is the most an item may cost; three of them were a 500 ("integer out of range"), found by the fuzzer.
    const asha = await customer(ctx);
    const costly = await product(ctx, { price: 1_000_000_000, mrp: 1_000_000_000, stock: 20 });
    const refused = expectRefusal(await place(asha, oneOf(costly, 3)), 400, 'order_too_large');
    expect(refused.params).toEqual({ limit: 2_000_000_000 });
    expect(refused.message).toBe('An order can be worth at most ₹2,00,00,000; please split it into smaller orders');
    expect(await stockOf(ctx, costly.id)).toBe(20);
    expect((await place(asha, oneOf(costly, 2))).statusCode).toBe(201);
  });

  it('refuses a line of more than 10 units and an order of more than 20 lines (400, naming the limit)', async () => {
    const asha = await customer(ctx);
    const item = await product(ctx, { stock: 500 });
    const eleven = expectRefusal(await place(asha, oneOf(item, 11)), 400, 'validation_failed', { 'items.0.quantity': 'quantity_invalid' });
    expect(eleven.errors?.['items.0.quantity']).toEqual({
      code: 'quantity_invalid',
      message: 'Quantity must be a whole number from 1 to 10',
      params: { max: 10 },
    });
    expectRefusal(await place(asha, oneOf(item, 99)), 400, 'validation_failed', { 'items.0.quantity': 'quantity_invalid' });

    const many = await Promise.all(Array.from({ length: 21 }, () => product(ctx, { stock: 5 })));
    const lines = (count: number) => many.slice(0, count).map((each) => ({ productId: each.id, variantId: null, quantity: 1 }));
    const tooMany = expectRefusal(await place(asha, lines(21)), 400, 'validation_failed', { items: 'order_lines_invalid' });
    expect(tooMany.errors?.items).toEqual({ code: 'order_lines_invalid', message: 'An order holds from 1 to 20 lines', params: { max: 20 } });
    expect(await stockOf(ctx, item.id)).toBe(500);

    const placed = await place(asha, lines(20));
    expect(placed.statusCode, placed.body).toBe(201);
    const ten = await place(asha, oneOf(item, 10));
    expect(ten.statusCode, ten.body).toBe(201);
  });

  it('allows 3 orders a minute per customer (429 with Retry-After), counting cancelled ones, and frees the slot after the minute', async () => {
    const ravi = await customer(ctx);
    const item = await product(ctx, { stock: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await place(ravi, oneOf(item));
      expect(placed.statusCode, placed.body).toBe(201);
      ids.push(placed.json()._id);
    }
    // Cancelled: no longer open, but placed in this minute all the same.
    expect((await cancel(ravi, ids[0]!)).statusCode).toBe(200);
    const fourth = await place(ravi, oneOf(item));
    const refusal = expectRefusal(fourth, 429, 'order_rate_limited');
    expect(refusal).toEqual({
      code: 'order_rate_limited',
      message: 'You have placed 3 orders in the last minute. You can place the next one in 1 minute.',
      params: { max: 3, windowMinutes: 1, minutes: 1 },
    });
    expect(fourth.headers['retry-after']).toBe('60');
    expect(await stockOf(ctx, item.id)).toBe(98);

    // Another customer is not held back by Ravi's orders.
    const meera = await customer(ctx);
    expect((await place(meera, oneOf(item))).statusCode).toBe(201);

    // A minute later (the orders made older), Ravi may order again.
    await ctx.handle.db
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - interval '61 seconds'` })
      .where(eq(orders.userId, ravi.userId));
    expect((await place(ravi, oneOf(item))).statusCode).toBe(201);
  });

  it('allows 20 orders an hour per customer (429 naming the hour and the minutes to wait)', async () => {
    const kiran = await customer(ctx);
    const item = await product(ctx, { stock: 100 });
    const roomy = await appWith({ perMinute: 1_000, openCod: 1_000 });
    for (let i = 0; i < 20; i++) {
      const placed = await place(kiran, oneOf(item), { on: roomy });
      expect(placed.statusCode, placed.body).toBe(201);
    }
    // The first of them was placed 50 minutes ago: the next order fits in 10 minutes.
    const [first] = await ctx.handle.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, kiran.userId)).orderBy(orders.createdAt).limit(1);
    await ctx.handle.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '50 minutes'` })
      .where(eq(orders.id, first!.id));
    const over = await place(kiran, oneOf(item), { on: roomy });
    const refusal = expectRefusal(over, 429, 'order_rate_limited');
    expect(refusal.params).toEqual({ max: 20, windowMinutes: 60, minutes: 10 });
    expect(refusal.message).toBe('You have placed 20 orders in the last hour. You can place the next one in 10 minutes.');
    expect(over.headers['retry-after']).toBe('600');
    expect(await stockOf(ctx, item.id)).toBe(80);
  });

  it('allows 3 open cash-on-delivery orders per customer (409); a delivered or cancelled one makes room', async () => {
    const asha = await customer(ctx);
    const item = await product(ctx, { stock: 100 });
    const roomy = await appWith({ perMinute: 1_000, perHour: 1_000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await place(asha, oneOf(item), { on: roomy });
      expect(placed.statusCode, placed.body).toBe(201);
      ids.push(placed.json()._id);
    }
    const fourth = await place(asha, oneOf(item), { on: roomy });
    expect(expectRefusal(fourth, 409, 'open_orders_limit')).toEqual({
      code: 'open_orders_limit',
      message: 'You already have 3 cash-on-delivery orders on the way. You can place another once one is delivered or cancelled.',
      params: { max: 3 },
    });
    expect(await stockOf(ctx, item.id)).toBe(97);

    // Shipped is still open; delivered is not.
    await ctx.handle.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, ids[0]!));
    expectRefusal(await place(asha, oneOf(item), { on: roomy }), 409, 'open_orders_limit');
    await ctx.handle.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, ids[0]!));
    expect((await place(asha, oneOf(item), { on: roomy })).statusCode).toBe(201);
    expectRefusal(await place(asha, oneOf(item), { on: roomy }), 409, 'open_orders_limit');
    expect((await cancel(asha, ids[1]!)).statusCode).toBe(200);
    expect((await place(asha, oneOf(item), { on: roomy })).statusCode).toBe(201);
  });

  it('makes at most 3 orders from 20 concurrent ones of one customer; the rest take no stock', async () => {
    const ravi = await customer(ctx);
    const item = await product(ctx, { stock: 100 });
    // Only the open-orders limit in play: the count under concurrency is what is tested.
    const roomy = await appWith({ perMinute: 1_000, perHour: 1_000 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => place(ravi, oneOf(item, 2), { on: roomy })));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(3).fill(201), ...Array<number>(17).fill(409)]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) expectRefusal(refused, 409, 'open_orders_limit');
    expect(await stockOf(ctx, item.id)).toBe(94);
    const [row] = await ctx.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, ravi.userId));
    expect(row?.n).toBe(3);

    // At the defaults, too: 3 a minute and 3 open.
    const meera = await customer(ctx);
    const burst = await Promise.all(Array.from({ length: 20 }, () => place(meera, oneOf(item))));
    expect(burst.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(await stockOf(ctx, item.id)).toBe(91);
  });
});

describe.each([
  ...engines.map((engine) => ({ engine, redisUrl: undefined as string | undefined })),
  ...(process.env.REDIS_URL ? [{ engine: 'pglite' as const, redisUrl: process.env.REDIS_URL }] : []),
])('wrong coupon codes ($engine, counted in $redisUrl)', ({ engine, redisUrl }) => {
  let ctx: TestContext;
  let app: FastifyInstance;

  type Customer = Awaited<ReturnType<typeof customer>>;
  const check = (who: Customer, code: string, ip: string, items: unknown[]) =>
    app.inject({
      method: 'POST',
      url: '/api/user/coupon',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      remoteAddress: ip,
      payload: JSON.stringify({ code, items }),
    });
  const place = (who: Customer, couponCode: string, ip: string, items: unknown[]) =>
    app.inject({
      method: 'POST',
      url: '/api/user/order',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      remoteAddress: ip,
      payload: JSON.stringify({ items, addressId: who.addressId, paymentMethod: 'cod', couponCode }),
    });

  beforeAll(async () => {
    ctx = await authContext(engine, { redisUrl });
    app = ctx.app;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('allows 10 wrong codes per customer and per address in 15 minutes (429 with Retry-After); real codes do not count', async () => {
    const item = await product(ctx, { stock: 100, price: 60_000 });
    const items = [{ productId: item.id, variantId: null, quantity: 1 }];
    const real = await coupon(ctx, { type: 'percent', value: 10, maxUsesPerCustomer: null });
    const [asha, ravi, meera] = [await customer(ctx), await customer(ctx), await customer(ctx)];
    const home = someIp();

    // Checking a real code again and again is no guessing.
    for (let i = 0; i < 12; i++) expect((await check(asha, real.code, home, items)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expectRefusal(await check(asha, `GUESS${i}`, home, items), 422, 'coupon_not_found', { code: 'coupon_not_found' });
    const eleventh = await check(asha, 'GUESS10', home, items);
    const refusal = expectRefusal(eleventh, 429, 'coupon_tries_exceeded', { code: 'coupon_tries_exceeded' });
    expect(refusal).toMatchObject({ message: 'Too many coupon codes tried. Try again in 15 minutes.', params: { minutes: 15 } });
    expect(eleventh.headers['retry-after']).toBe('900');
    // Past the limit even a real code waits: the guesser cannot tell a hit.
    expectRefusal(await check(asha, real.code, home, items), 429, 'coupon_tries_exceeded');
    // From another address: still Asha, still refused.
    expectRefusal(await check(asha, real.code, someIp(), items), 429, 'coupon_tries_exceeded');
    // Another customer from the same address: the address is spent.
    expectRefusal(await check(ravi, real.code, home, items), 429, 'coupon_tries_exceeded');
    // Another customer from another address is not held back.
    expect((await check(meera, real.code, someIp(), items)).statusCode).toBe(200);
  });

  it('counts wrong codes sent with an order too', async () => {
    const item = await product(ctx, { stock: 100 });
    const items = [{ productId: item.id, variantId: null, quantity: 1 }];
    const kiran = await customer(ctx);
    const ip = someIp();
    for (let i = 0; i < 10; i++) expectRefusal(await place(kiran, `ORDERGUESS${i}`, ip, items), 422, 'coupon_not_found', { couponCode: 'coupon_not_found' });
    const over = await place(kiran, 'ORDERGUESS10', ip, items);
    expectRefusal(over, 429, 'coupon_tries_exceeded', { couponCode: 'coupon_tries_exceeded' });
    expect(over.headers['retry-after']).toBe('900');
    expect(await stockOf(ctx, item.id)).toBe(100);
  });

  it('lets at most 10 of 30 concurrent wrong codes through to the lookup', async () => {
    const item = await product(ctx, { stock: 100 });
    const items = [{ productId: item.id, variantId: null, quantity: 1 }];
    const ravi = await customer(ctx);
    const ip = someIp();
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => check(ravi, `BURST${i}`, ip, items)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});
