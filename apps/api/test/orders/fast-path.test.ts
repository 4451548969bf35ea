import { randomUUID } from 'node:crypto';
import { messagePreferences, messageTemplates, orders, outbox, products, user } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceRows, cartRows } from '../../src/orders/price-lines.ts';
import { isShortOfStock, writeOrder } from '../../src/orders/write-order.ts';
import { orderEventMessages } from '../../src/messages/order-events.ts';
import { outboxRow } from '../../src/outbox/enqueue.ts';
import { accessToken, anotherApp, authContext } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, product, roomyLimits, stockOf } from './order-helpers.ts';

/**
 * The order's two-statement path (decision 026), on PGlite and PostgreSQL: the caller's user row checked in the
 * order's first read for a Bearer token, several options of one product in one order, and a statement that cannot
 * take every line's stock undoing the lines it already took.
 */

describe.each(engines)('placing an order in two statements (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;

  const withToken = (token: string, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/user/order',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    ctx = await authContext(engine, roomyLimits);
    app = ctx.app;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('places an order with a Bearer token; a banned or deleted account is signed out (401) and nothing is taken', async () => {
    const item = await product(ctx, { stock: 10 });
    const body = (addressId: string) => ({ items: [{ productId: item.id, quantity: 1 }], addressId, paymentMethod: 'cod' });

    const meera = await customer(ctx);
    const token = await accessToken(app, meera.cookie);
    const placed = await withToken(token, body(meera.addressId));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ status: 'placed', grandTotal: expect.any(Number) });
    const [message] = await ctx.handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-placed'), eq(outbox.recipient, meera.phone)));
    expect(message?.bodyText).toContain(placed.json().number);

    // The token stays valid for an hour; the account's row decides.
    await ctx.handle.db.update(user).set({ banned: true }).where(eq(user.id, meera.userId));
    const banned = await withToken(token, body(meera.addressId));
    expectRefusal(banned, 401, 'not_signed_in');
    expect(banned.json()).toEqual({ message: 'Sign in to continue', code: 'not_signed_in' });

    const kiran = await customer(ctx);
    const kiranToken = await accessToken(app, kiran.cookie);
    await ctx.handle.db.delete(user).where(eq(user.id, kiran.userId));
    const deleted = await withToken(kiranToken, body(kiran.addressId));
    expectRefusal(deleted, 401, 'not_signed_in');

    expect(await stockOf(ctx, item.id)).toBe(9);
    expect(await ctx.handle.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, meera.userId))).toHaveLength(1);
    // A token that does not verify never reaches the order.
    expectRefusal(await withToken(`${token}x`, body(meera.addressId)), 401, 'not_signed_in');
  });

  it('places a cash-on-delivery order in its two statements: the pincode read and the confirmation written by them (decision 126)', async () => {
    // The shop's settings are remembered as in production (the response cache on), so only the order's own statements remain.
    const cached = await anotherApp(ctx, { ...roomyLimits, responseCacheSeconds: 30 });
    try {
      const item = await product(ctx, { stock: 10 });
      const asha = await customer(ctx);
      const token = await accessToken(cached, asha.cookie);
      const place = () =>
        cached.inject({
          method: 'POST',
          url: '/api/user/order',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ items: [{ productId: item.id, quantity: 1 }], addressId: asha.addressId, paymentMethod: 'cod' }),
        });
      expect((await place()).statusCode).toBe(201);

      const session = (cached.db as unknown as { session: { prepareQuery: (query: { sql: string }, ...rest: unknown[]) => unknown } }).session;
      const prepare = session.prepareQuery;
      const sent: string[] = [];
      session.prepareQuery = function (this: unknown, query: { sql: string }, ...rest: unknown[]) {
        sent.push(query.sql);
        return prepare.call(this, query, ...rest);
      };
      const placed = await place().finally(() => {
        session.prepareQuery = prepare;
      });
      expect(placed.statusCode, placed.body).toBe(201);
      // The outbox worker, woken by the order, may claim and mark its rows meanwhile: those are its own statements.
      const mine = sent.filter((text) => !/given_up|^update "outbox"/.test(text));
      expect(mine).toHaveLength(2);
      const [message] = await ctx.handle.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, placed.json()._id), eq(outbox.kind, 'order-placed')));
      expect(message).toMatchObject({ channel: 'sms', recipient: asha.phone, dedupeKey: `order:${placed.json()._id}:order-placed:sms` });
    } finally {
      await cached.close();
    }
  });

  it('writes the same messages the stored order renders: language, template, e-mail, and the request for personalisation', async () => {
    const asha = await customer(ctx);
    await ctx.handle.db
      .update(user)
      .set({ email: `asha-${randomUUID().slice(0, 8)}@example.com`, emailVerified: true, name: 'Asha Verma' })
      .where(eq(user.id, asha.userId));
    await ctx.handle.db.insert(messagePreferences).values({ userId: asha.userId, orderEmail: true, orderSms: true, language: 'hi' });
    await ctx.handle.db
      .insert(messageTemplates)
      .values({ event: 'order-placed', language: 'hi', subject: 'Aapka order {orderNumber}', intro: 'Dhanyavaad!', dltTemplateId: '1107000000000001' })
      .onConflictDoNothing();
    const plain = await product(ctx, { stock: 10 });
    const engraved = await product(ctx, { stock: 10, customizationType: 'text' });
    const response = await call(app, 'POST', '/api/user/order', asha, {
      items: [
        { productId: plain.id, quantity: 1 },
        { productId: engraved.id, quantity: 2 },
      ],
      addressId: asha.addressId,
      paymentMethod: 'cod',
    });
    expect(response.statusCode, response.body).toBe(201);
    const orderId = response.json()._id as string;

    const written = await ctx.handle.db
      .select({
        channel: outbox.channel,
        recipient: outbox.recipient,
        kind: outbox.kind,
        subject: outbox.subject,
        bodyText: outbox.bodyText,
        bodyHtml: outbox.bodyHtml,
        orderId: outbox.orderId,
        dedupeKey: outbox.dedupeKey,
        extras: outbox.extras,
      })
      .from(outbox)
      .where(eq(outbox.orderId, orderId));
    // What messages/ renders from the order as stored (the way every later event of the order is rendered).
    const stored = [
      ...(await orderEventMessages(ctx.handle.db, 'order-placed', orderId)).messages,
      ...(await orderEventMessages(ctx.handle.db, 'personalisation-needed', orderId)).messages,
    ].map((message) => {
      const row = outboxRow(message);
      return { orderId: null, dedupeKey: null, extras: null, ...row };
    });
    expect(written.map((row) => `${row.kind}:${row.channel}`).sort()).toEqual(
      ['order-placed:email', 'order-placed:sms', 'personalisation-needed:email', 'personalisation-needed:sms'].sort(),
    );
    const byKey = (a: { dedupeKey: string | null }, b: { dedupeKey: string | null }) => ((a.dedupeKey ?? '') < (b.dedupeKey ?? '') ? -1 : 1);
    expect(written.sort(byKey)).toEqual(stored.sort(byKey));
  });

  it("answers 404 for another customer's address with a Bearer token too", async () => {
    const item = await product(ctx, { stock: 10 });
    const [asha, ravi] = [await customer(ctx), await customer(ctx)];
    const response = await withToken(await accessToken(app, asha.cookie), {
      items: [{ productId: item.id, quantity: 1 }],
      addressId: ravi.addressId,
      paymentMethod: 'cod',
    });
    expectRefusal(response, 404, 'address_not_found', { addressId: 'address_not_found' });
    expect(await stockOf(ctx, item.id)).toBe(10);
  });

  it("takes two options of one product in one order: each option's stock and the product's total", async () => {
    const asha = await customer(ctx);
    const lamp = await product(ctx, {
      variants: [
        { attributes: { Colour: 'Gold' }, price: 10_000, mrp: 10_000, stock: 5 },
        { attributes: { Colour: 'Rose' }, price: 11_000, mrp: 12_000, stock: 4 },
      ],
    });
    const [gold, rose] = lamp.variants as unknown as [{ id: string }, { id: string }];
    const response = await call(app, 'POST', '/api/user/order', asha, {
      items: [
        { productId: lamp.id, variantId: rose.id, quantity: 2 },
        { productId: lamp.id, variantId: gold.id, quantity: 3 },
      ],
      addressId: asha.addressId,
      paymentMethod: 'cod',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await stockOf(ctx, lamp.id, gold.id)).toBe(2);
    expect(await stockOf(ctx, lamp.id, rose.id)).toBe(2);
    expect(await stockOf(ctx, lamp.id)).toBe(4);
    const [row] = await ctx.handle.db.select({ unitsSold: products.unitsSold }).from(products).where(eq(products.id, lamp.id));
    expect(row?.unitsSold).toBe(5);

    // Cancelling gives both back, the product's total included.
    expect((await call(app, 'POST', `/api/user/order/${response.json()._id}/cancel`, asha)).statusCode).toBe(200);
    expect(await stockOf(ctx, lamp.id, gold.id)).toBe(5);
    expect(await stockOf(ctx, lamp.id, rose.id)).toBe(4);
    expect(await stockOf(ctx, lamp.id)).toBe(9);
  });

  it('never deadlocks when orders and cancellations hold options of the same products in opposite orders', async () => {
    const asha = await customer(ctx);
    const plain = await product(ctx, { stock: 100 });
    const lamp = await product(ctx, {
      variants: [
        { attributes: { Colour: 'Gold' }, price: 10_000, mrp: 10_000, stock: 100 },
        { attributes: { Colour: 'Rose' }, price: 10_000, mrp: 10_000, stock: 100 },
      ],
    });
    const [gold, rose] = lamp.variants as unknown as [{ id: string }, { id: string }];
    const lines = [
      { productId: lamp.id, variantId: rose.id, quantity: 1 },
      { productId: plain.id, variantId: null, quantity: 1 },
      { productId: lamp.id, variantId: gold.id, quantity: 1 },
    ];
    const place = (items: unknown[]) => call(app, 'POST', '/api/user/order', asha, { items, addressId: asha.addressId, paymentMethod: 'cod' });
    const first = await Promise.all(Array.from({ length: 6 }, (_, i) => place(i % 2 ? lines : [...lines].reverse())));
    expect(first.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    // More orders while the first ones are cancelled (cancelling puts units back in the same lock order).
    const mixed = await Promise.all([
      ...first.map((response) => call(app, 'POST', `/api/user/order/${response.json()._id}/cancel`, asha)),
      ...Array.from({ length: 14 }, (_, i) => place(i % 2 ? [lines[2], lines[0]] : lines)),
    ]);
    expect(mixed.map((response) => response.statusCode)).toEqual([...Array(6).fill(200), ...Array(14).fill(201)]);
    expect(await stockOf(ctx, lamp.id, gold.id)).toBe(86);
    expect(await stockOf(ctx, lamp.id, rose.id)).toBe(86);
    expect(await stockOf(ctx, plain.id)).toBe(93);
    expect(await stockOf(ctx, lamp.id)).toBe(172);
  });

  it('undoes the whole statement when a later line is short: the stock already taken for earlier lines comes back', async () => {
    const asha = await customer(ctx);
    // The product with plenty sorts first by id, so the statement takes its stock before it finds the other short.
    const [plenty, short] = [await product(ctx, { stock: 1 }), await product(ctx, { stock: 1 })].sort((a, b) => (a.id < b.id ? -1 : 1)) as [
      Awaited<ReturnType<typeof product>>,
      Awaited<ReturnType<typeof product>>,
    ];
    await ctx.handle.db.update(products).set({ stock: 50 }).where(eq(products.id, plenty.id));
    const requested = [
      { productId: plenty.id, variantId: null, quantity: 2 },
      { productId: short.id, variantId: null, quantity: 3 },
    ];
    // Priced without the stock check: as if the units went to another order between the read and the write.
    const cart = priceRows(await cartRows(ctx.handle.db, [plenty.id, short.id]), requested, { checkStock: false });
    const id = randomUUID();
    const now = new Date();
    const attempt = writeOrder(
      ctx.handle.db,
      {
        id,
        createdAt: now,
        updatedAt: now,
        number: `KG-T-${id.slice(0, 8)}`,
        userId: asha.userId,
        status: 'placed',
        paymentMethod: 'cod',
        couponId: null,
        couponCode: null,
        total: cart.total,
        totalMrp: cart.totalMrp,
        discount: 0,
        shipping: 0,
        grandTotal: cart.total,
        totalItems: cart.totalItems,
        address: {
          name: 'Asha',
          mobile: asha.mobile,
          line1: '1 MG Road',
          line2: null,
          landmark: null,
          city: 'Bengaluru',
          state: 'Karnataka',
          pincode: '560001',
        },
        tracking: null,
        paymentStatus: 'pending',
        paymentProvider: null,
        providerOrderId: null,
        providerOrderAmount: null,
        providerPaymentId: null,
        amountPaid: 0,
        amountRefunded: 0,
        paymentFlag: null,
        nextPaymentFlag: null,
        reservationExpiresAt: null,
        codFee: 0,
        prepaidDiscount: 0,
        codConfirmation: null,
        codConfirmSecret: null,
        codConfirmTries: 0,
        codConfirmBy: null,
        codConfirmedAt: null,
        gift: null,
        giftWrapFee: 0,
        proofRequired: false,
        invoiceDueAt: null,
        paymentsCheckedAt: null,
      },
      cart.lines.map((line, position) => ({ ...line, id: randomUUID(), orderId: id, position })),
      cart.lines,
      { id: randomUUID(), orderId: id, status: 'placed', actor: 'customer', actorUserId: asha.userId, note: null, at: now },
      { channel: 'sms', recipient: asha.phone, kind: 'order-placed', subject: null, bodyText: 'never sent', bodyHtml: null },
      { perMinute: 100, perHour: 100, openCod: 100 },
    );
    const error = await attempt.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(isShortOfStock(error)).toBe(true);
    expect(await stockOf(ctx, plenty.id)).toBe(50);
    expect(await stockOf(ctx, short.id)).toBe(1);
    expect(await ctx.handle.db.select().from(orders).where(eq(orders.id, id))).toHaveLength(0);
    expect(await ctx.handle.db.select().from(outbox).where(eq(outbox.bodyText, 'never sent'))).toHaveLength(0);
  });
});
