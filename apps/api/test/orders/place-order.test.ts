import { orderLines, orderStatusHistory, outbox, products } from '@shop/db';
import { MAX_QUANTITY_PER_LINE } from '@shop/domain/order';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, makeStaff, product, roomyLimits, stockOf } from './order-helpers.ts';

/**
 * POST /api/user/order and the customer's order routes (issue 4), on PGlite and PostgreSQL: server-side pricing,
 * bad input, stock under concurrency, idempotency, cancelling, ownership, tracking and the shop's status changes.
 */

const NIL = '00000000-0000-4000-8000-000000000000';

describe.each(engines)('orders (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let asha: Awaited<ReturnType<typeof customer>>;
  let ravi: Awaited<ReturnType<typeof customer>>;

  const place = (who: { cookie: string }, body: unknown, headers: Record<string, string> = {}) => call(app, 'POST', '/api/user/order', who, body, headers);
  const order = (items: unknown[], extra: Record<string, unknown> = {}) => ({ items, addressId: asha.addressId, paymentMethod: 'cod', ...extra });

  beforeAll(async () => {
    // The response cache is on, as in production, to see stock changes clear it.
    ctx = await authContext(engine, { responseCacheSeconds: 30, ...roomyLimits });
    app = ctx.app;
    asha = await customer(ctx);
    ravi = await customer(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('asks for sign-in (401) on every customer route', async () => {
    const responses = [
      await call(app, 'POST', '/api/user/order', undefined, order([])),
      await call(app, 'GET', '/api/user/orders'),
      await call(app, 'GET', '/api/orders-count'),
      await call(app, 'GET', `/api/user/order/${NIL}`),
      await call(app, 'POST', `/api/user/order/${NIL}/cancel`),
      await call(app, 'POST', '/api/user/coupon', undefined, { code: 'X', items: [] }),
      await call(app, 'POST', `/api/admin/orders/${NIL}/status`, undefined, { status: 'confirmed' }),
      await call(app, 'GET', '/api/user/orders', { cookie: 'auth_token=forged' }),
    ];
    for (const response of responses) expectRefusal(response, 401, 'not_signed_in');
  });

  it('prices the order from the database, ignoring any price a client sends, and keeps a snapshot', async () => {
    const plain = await product(ctx, { name: 'Brass diya', price: 20_000, mrp: 25_000, stock: 5, customizationType: 'text' });
    const lamp = await product(ctx, {
      name: 'Moon lamp',
      variants: [
        { attributes: { Colour: 'Warm white' }, price: 15_000, mrp: 20_000, stock: 3 },
        { attributes: { Colour: 'Rose' }, price: 16_000, mrp: 20_000, stock: 3 },
      ],
    });
    const rose = lamp.variants[1] as { id: string; sku: string };
    const response = await place(asha, {
      ...order([
        { productId: plain.id, variantId: null, quantity: 2, price: 1, mrp: 1, itemTotal: 2 },
        { productId: lamp.id, variantId: rose.id, quantity: 1, price: 1 },
      ]),
      total: 3,
      grandTotal: 3,
      discount: 99_999,
      shipping: 0,
    });
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json();
    expect(placed).toMatchObject({
      number: expect.stringMatching(/^KG-\d{6}-[0-9A-Z]{6}$/),
      status: 'placed',
      total: 56_000,
      totalMrp: 70_000,
      discount: 0,
      shipping: 0,
      grandTotal: 56_000,
      totalItems: 3,
      paymentMethod: 'cod',
      couponCode: null,
      canCancel: true,
      tracking: null,
      address: {
        name: 'Asha Verma',
        mobile: asha.mobile,
        line1: '12, MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
        line2: null,
        landmark: null,
      },
      statusHistory: [{ status: 'placed', actor: 'customer', note: null, at: expect.any(String) }],
    });
    expect(placed.items).toEqual([
      expect.objectContaining({
        productId: plain.id,
        variantId: null,
        name: 'Brass diya',
        slug: plain.slug,
        attributes: {},
        sku: null,
        price: 20_000,
        mrp: 25_000,
        quantity: 2,
        itemTotal: 40_000,
        itemMrp: 50_000,
        cod: true,
        product_customization: { type: 'text', mediaLimit: 1 },
        image: expect.objectContaining({ original: '/api/media/catalogue/lamp.webp' }),
      }),
      expect.objectContaining({
        productId: lamp.id,
        variantId: rose.id,
        name: 'Moon lamp',
        attributes: { Colour: 'Rose' },
        sku: rose.sku,
        price: 16_000,
        quantity: 1,
        product_customization: null,
      }),
    ]);
    expect(await stockOf(ctx, plain.id)).toBe(3);
    expect(await stockOf(ctx, lamp.id, rose.id)).toBe(2);
    expect(await stockOf(ctx, lamp.id)).toBe(5);

    // The snapshot does not follow later catalogue edits.
    await ctx.handle.db.update(products).set({ name: 'Renamed', price: 1 }).where(eq(products.id, plain.id));
    const again = await call(app, 'GET', `/api/user/order/${placed._id}`, asha);
    expect(again.statusCode).toBe(200);
    expect(again.json().items[0]).toMatchObject({ name: 'Brass diya', price: 20_000 });

    // A confirmation is queued for the customer's phone (a phone sign-in has no email).
    const [message] = await ctx.handle.db.select().from(outbox).where(eq(outbox.kind, 'order-placed'));
    expect(message).toMatchObject({ channel: 'sms', recipient: asha.phone });
    expect(message?.bodyText).toContain(placed.number);
  });

  it('charges shipping below the free-shipping total (spec §9: ₹150 below ₹499)', async () => {
    const cheap = await product(ctx, { price: 30_000, mrp: 30_000 });
    const response = await place(asha, order([{ productId: cheap.id, variantId: null, quantity: 1 }]));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ total: 30_000, shipping: 15_000, grandTotal: 45_000 });
  });

  it.each([
    [0, 'zero'],
    [-1, 'negative'],
    [0.5, 'fraction'],
    [1e9, 'too many'],
    ['1', 'a string'],
    [null, 'null'],
  ])('refuses quantity %s (%s) with a 400 naming the field', async (quantity, _label) => {
    const response = await place(asha, order([{ productId: NIL, variantId: null, quantity }]));
    expectRefusal(response, 400, 'validation_failed', { 'items.0.quantity': 'quantity_invalid' });
    expect(response.json()).toEqual({
      message: `Invalid items.0.quantity: Quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_LINE}`,
      code: 'validation_failed',
      errors: {
        'items.0.quantity': {
          code: 'quantity_invalid',
          message: `Quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_LINE}`,
          params: { max: MAX_QUANTITY_PER_LINE },
        },
      },
    });
  });

  it('refuses other bad input with a 400 naming the field', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ addressId: asha.addressId, paymentMethod: 'cod' }, 'items', 'order_lines_invalid'],
      [order([]), 'items', 'order_lines_invalid'],
      [order([{ productId: 'abc', quantity: 1 }]), 'items.0.productId', 'product_id_invalid'],
      [order([{ productId: NIL, variantId: 'x', quantity: 1 }]), 'items.0.variantId', 'variant_id_invalid'],
      [
        order([
          { productId: NIL, quantity: 1 },
          { productId: NIL, variantId: null, quantity: 2 },
        ]),
        'items.1',
        'duplicate_line',
      ],
      [order([{ productId: NIL, quantity: 1 }], { paymentMethod: 'card' }), 'paymentMethod', 'payment_method_invalid'],
      [order([{ productId: NIL, quantity: 1 }], { addressId: 12 }), 'addressId', 'address_required'],
      [order([{ productId: NIL, quantity: 1 }], { couponCode: 'X'.repeat(41) }), 'couponCode', 'coupon_code_invalid'],
      [order(Array.from({ length: 51 }, () => ({ productId: NIL, quantity: 1 }))), 'items', 'order_lines_invalid'],
    ];
    for (const [body, field, code] of cases) {
      const response = await place(asha, body);
      expectRefusal(response, 400, 'validation_failed', { [field]: code });
    }
    expectRefusal(await place(asha, 'not json'), 400, 'invalid_json');
    const badKey = await place(asha, order([{ productId: NIL, quantity: 1 }]), { 'idempotency-key': 'x'.repeat(101) });
    expectRefusal(badKey, 400, 'idempotency_key_invalid', { 'Idempotency-Key': 'idempotency_key_invalid' });
    expect(badKey.json()).toMatchObject({ message: 'Idempotency-Key must be 1 to 100 visible characters', params: { max: 100 } });
  });

  it('refuses unknown, unpublished and wrongly chosen products with a 422 naming the line', async () => {
    const hidden = await product(ctx, { published: false });
    const plain = await product(ctx);
    const lamp = await product(ctx, { variants: [{ attributes: { Size: 'S' }, price: 10_000, mrp: 10_000, stock: 4 }] });
    const other = await product(ctx, { variants: [{ attributes: { Size: 'L' }, price: 10_000, mrp: 10_000, stock: 4 }] });
    const otherVariant = (other.variants[0] as { id: string }).id;
    const cases: Array<[unknown[], string, string, RegExp]> = [
      [[{ productId: NIL, quantity: 1 }], 'items.0.productId', 'product_unavailable', /line 1 is not available/],
      [
        [
          { productId: plain.id, quantity: 1 },
          { productId: hidden.id, quantity: 1 },
        ],
        'items.1.productId',
        'product_unavailable',
        /line 2 is not available/,
      ],
      [[{ productId: lamp.id, variantId: null, quantity: 1 }], 'items.0.variantId', 'needs_variant', /Choose an option of/],
      [[{ productId: lamp.id, variantId: otherVariant, quantity: 1 }], 'items.0.variantId', 'variant_unavailable', /chosen option of .* is not available/],
      [[{ productId: plain.id, variantId: otherVariant, quantity: 1 }], 'items.0.variantId', 'no_variants', /has no options/],
    ];
    for (const [items, field, code, message] of cases) {
      const refusal = expectRefusal(await place(asha, order(items)), 422, code, { [field]: code });
      expect(refusal.errors?.[field]?.message).toMatch(message);
      expect(refusal.message).toMatch(message);
    }
    const second = expectRefusal(
      await place(
        asha,
        order([
          { productId: plain.id, quantity: 1 },
          { productId: hidden.id, quantity: 1 },
        ]),
      ),
      422,
      'product_unavailable',
    );
    expect(second.params).toEqual({ line: 2 });
    const named = expectRefusal(await place(asha, order([{ productId: lamp.id, variantId: null, quantity: 1 }])), 422, 'needs_variant');
    expect(named.params).toEqual({ name: lamp.name });
  });

  it('refuses more than is in stock with a 409 naming the product and what is left', async () => {
    const lamp = await product(ctx, { name: 'Tiny lamp', variants: [{ attributes: { Colour: 'Blue' }, price: 10_000, mrp: 10_000, stock: 2 }] });
    const response = await place(asha, order([{ productId: lamp.id, variantId: (lamp.variants[0] as { id: string }).id, quantity: 3 }]));
    expectRefusal(response, 409, 'out_of_stock', { 'items.0.quantity': 'out_of_stock' });
    const params = { name: 'Tiny lamp (Blue)', left: 2 };
    expect(response.json()).toEqual({
      message: 'Only 2 of Tiny lamp (Blue) left',
      code: 'out_of_stock',
      params,
      errors: { 'items.0.quantity': { code: 'out_of_stock', message: 'Only 2 of Tiny lamp (Blue) left', params } },
    });
  });

  it('refuses cash on delivery for a product that cannot be paid on delivery (422)', async () => {
    const noCod = await product(ctx, { name: 'Gold ring', cod: false });
    const fine = await product(ctx);
    const response = await place(
      asha,
      order([
        { productId: fine.id, quantity: 1 },
        { productId: noCod.id, quantity: 1 },
      ]),
    );
    expectRefusal(response, 422, 'cod_unavailable', { 'items.1': 'cod_unavailable' });
    expect(response.json().message).toBe('Cash on delivery is not available for Gold ring. Remove it from the cart to pay on delivery.');
    expect(response.json().params).toEqual({ names: ['Gold ring'], count: 1 });
    expect(await stockOf(ctx, fine.id)).toBe(100);
  });

  it("answers 404 for another customer's address and order", async () => {
    const item = await product(ctx);
    const foreignAddress = await place(asha, order([{ productId: item.id, quantity: 1 }], { addressId: ravi.addressId }));
    expectRefusal(foreignAddress, 404, 'address_not_found', { addressId: 'address_not_found' });
    expect(foreignAddress.json().message).toBe('Address not found');

    const mine = (await place(asha, order([{ productId: item.id, quantity: 1 }]))).json();
    for (const response of [
      await call(app, 'GET', `/api/user/order/${mine._id}`, ravi),
      await call(app, 'POST', `/api/user/order/${mine._id}/cancel`, ravi),
      await call(app, 'GET', `/api/user/order/${NIL}`, asha),
      await call(app, 'GET', '/api/user/order/not-an-id', asha),
    ]) {
      expectRefusal(response, 404, 'order_not_found');
      expect(response.json()).toEqual({ message: 'Order not found', code: 'order_not_found' });
    }
    expect((await call(app, 'GET', `/api/user/order/${mine._id}`, asha)).statusCode).toBe(200);
  });

  it('makes exactly 10 orders from 100 concurrent ones for the last 10 units; stock ends at 0, never below', async () => {
    const last = await product(ctx, { name: 'Last lamps', stock: 10 });
    const lamp = await product(ctx, { name: 'Last moons', variants: [{ attributes: { Colour: 'Gold' }, price: 10_000, mrp: 10_000, stock: 10 }] });
    const variantId = (lamp.variants[0] as { id: string }).id;
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        place(i % 2 ? asha : ravi, { items: [{ productId: last.id, quantity: 1 }], addressId: (i % 2 ? asha : ravi).addressId, paymentMethod: 'cod' }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(90);
    expect(await stockOf(ctx, last.id)).toBe(0);
    for (const refused of responses.filter((response) => response.statusCode === 409))
      expectRefusal(refused, 409, 'out_of_stock', { 'items.0.quantity': 'out_of_stock' });
    expect(responses.find((response) => response.statusCode === 409)?.json()).toMatchObject({
      message: 'Last lamps is out of stock',
      params: { name: 'Last lamps', left: 0 },
    });
    const lines = await ctx.handle.db.select().from(orderLines).where(eq(orderLines.productId, last.id));
    expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(10);

    // The same with an option, 2 units an order: 5 orders, variant and product both at 0.
    const byVariant = await Promise.all(Array.from({ length: 30 }, () => place(asha, order([{ productId: lamp.id, variantId, quantity: 2 }]))));
    expect(byVariant.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(await stockOf(ctx, lamp.id, variantId)).toBe(0);
    expect(await stockOf(ctx, lamp.id)).toBe(0);
  });

  it('never deadlocks when orders hold the same items in opposite orders (stock is locked in one fixed order)', async () => {
    const a = await product(ctx, { stock: 100 });
    const b = await product(ctx, { variants: [{ attributes: { Size: 'M' }, price: 10_000, mrp: 10_000, stock: 100 }] });
    const bLine = { productId: b.id, variantId: (b.variants[0] as { id: string }).id, quantity: 1 };
    const aLine = { productId: a.id, variantId: null, quantity: 1 };
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => place(asha, order(i % 2 ? [aLine, bLine] : [bLine, aLine]))));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    expect(await stockOf(ctx, a.id)).toBe(80);
    expect(await stockOf(ctx, b.id, bLine.variantId)).toBe(80);
  });

  it('clears cached catalogue answers when a product runs out, and when it comes back', async () => {
    const item = await product(ctx, { stock: 1 });
    const first = await call(app, 'GET', `/api/product/${item.slug}`);
    expect(first.json()).toMatchObject({ stock: 1, inStock: true });
    expect((await call(app, 'GET', `/api/product/${item.slug}`)).headers['x-cache']).toBe('hit');
    const placed = await place(asha, order([{ productId: item.id, quantity: 1 }]));
    expect(placed.statusCode).toBe(201);
    const after = await call(app, 'GET', `/api/product/${item.slug}`);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json()).toMatchObject({ stock: 0, inStock: false });
    await call(app, 'POST', `/api/user/order/${placed.json()._id}/cancel`, asha);
    expect((await call(app, 'GET', `/api/product/${item.slug}`)).json()).toMatchObject({ stock: 1, inStock: true });
  });

  it('answers a retried Idempotency-Key with the same order, in sequence and at the same time', async () => {
    const item = await product(ctx, { stock: 50 });
    const body = order([{ productId: item.id, quantity: 1 }]);
    const key = { 'idempotency-key': `checkout-${Date.now()}-a` };
    const first = await place(asha, body, key);
    const second = await place(asha, { ...body, total: 1 }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());

    const concurrentKey = { 'idempotency-key': `checkout-${Date.now()}-b` };
    const together = await Promise.all(Array.from({ length: 8 }, () => place(asha, body, concurrentKey)));
    expect(together.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(together.map((response) => response.json()._id)).size).toBe(1);
    expect(await stockOf(ctx, item.id)).toBe(48);

    // The same key with another order is refused; another customer's same key is theirs alone.
    const other = await place(asha, order([{ productId: item.id, quantity: 2 }]), key);
    expectRefusal(other, 422, 'idempotency_key_reused', { 'Idempotency-Key': 'idempotency_key_reused' });
    expect(other.json().message).toBe('This Idempotency-Key was already used for a different order');
    const ravis = await place(ravi, { ...body, addressId: ravi.addressId }, key);
    expect(ravis.statusCode).toBe(201);
    expect(ravis.json()._id).not.toBe(first.json()._id);
  });

  it('lists my orders newest first, paginated, with their count', async () => {
    const fresh = await customer(ctx);
    const item = await product(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await place(fresh, { items: [{ productId: item.id, quantity: i + 1 }], addressId: fresh.addressId, paymentMethod: 'cod' });
      ids.push(response.json()._id);
    }
    const page1 = await call(app, 'GET', '/api/user/orders?limit=2', fresh);
    expect(page1.json()).toMatchObject({ total: 3, page: 1, limit: 2, hasMore: true });
    expect(page1.json().data.map((o: { _id: string }) => o._id)).toEqual([ids[2], ids[1]]);
    const page2 = await call(app, 'GET', '/api/user/orders?limit=2&page=2', fresh);
    expect(page2.json()).toMatchObject({ total: 3, hasMore: false, data: [{ _id: ids[0], totalItems: 1 }] });
    expect((await call(app, 'GET', '/api/orders-count', fresh)).json()).toEqual({ total: 3 });
    for (const bad of ['?page=0', '?limit=51', '?limit=1e2', '?page=abc']) {
      expectRefusal(await call(app, 'GET', `/api/user/orders${bad}`, fresh), 400, 'validation_failed');
    }
  });

  it('lets the customer cancel until production, returning the stock; the shop moves it on with tracking', async () => {
    const item = await product(ctx, { stock: 5 });
    const first = (await place(asha, order([{ productId: item.id, quantity: 2 }]))).json();
    expect(await stockOf(ctx, item.id)).toBe(3);
    const cancelled = await call(app, 'POST', `/api/user/order/${first._id}/cancel`, asha);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', canCancel: false });
    expect(cancelled.json().statusHistory.map((c: { status: string; actor: string }) => [c.status, c.actor])).toEqual([
      ['placed', 'customer'],
      ['cancelled', 'customer'],
    ]);
    expect(await stockOf(ctx, item.id)).toBe(5);
    const twice = await call(app, 'POST', `/api/user/order/${first._id}/cancel`, asha);
    expectRefusal(twice, 409, 'cancel_too_late', { status: 'cancel_too_late' });
    expect(await stockOf(ctx, item.id)).toBe(5);

    // The shop: a customer cannot, staff can; the status machine decides.
    const second = (await place(asha, order([{ productId: item.id, quantity: 1 }]))).json();
    const status = (who: { cookie: string }, body: unknown) => call(app, 'POST', `/api/admin/orders/${second._id}/status`, who, body);
    expectRefusal(await status(ravi, { status: 'confirmed' }), 403, 'forbidden');
    const staff = await customer(ctx);
    await makeStaff(ctx, staff.userId);
    const skipped = expectRefusal(await status(staff, { status: 'shipped' }), 409, 'status_change_not_allowed', { status: 'status_change_not_allowed' });
    expect(skipped).toMatchObject({ message: 'An order that is order placed cannot become shipped', params: { from: 'placed', to: 'shipped' } });
    expectRefusal(await status(staff, { status: 'nonsense' }), 400, 'validation_failed', { status: 'invalid_value' });
    expectRefusal(await call(app, 'POST', `/api/admin/orders/${NIL}/status`, staff, { status: 'confirmed' }), 404, 'order_not_found');
    expect((await status(staff, { status: 'confirmed' })).json()).toMatchObject({ status: 'confirmed', canCancel: true });
    expect((await status(staff, { status: 'in_production', note: 'Engraving today' })).json()).toMatchObject({ status: 'in_production', canCancel: false });
    const tooLate = await call(app, 'POST', `/api/user/order/${second._id}/cancel`, asha);
    expectRefusal(tooLate, 409, 'cancel_too_late', { status: 'cancel_too_late' });
    expect(tooLate.json().message).toMatch(/can no longer be cancelled/);
    expect((await status(staff, { status: 'packed' })).statusCode).toBe(200);
    const untracked = await status(staff, { status: 'shipped' });
    expectRefusal(untracked, 422, 'tracking_required', { tracking: 'tracking_required' });
    expectRefusal(
      await status(staff, { status: 'shipped', tracking: { carrier: 'Delhivery', number: 'DL123', link: 'javascript:alert(1)' } }),
      400,
      'validation_failed',
      { 'tracking.link': 'tracking_link_invalid' },
    );
    const shipped = await status(staff, { status: 'shipped', tracking: { carrier: 'Delhivery', number: 'DL123', link: 'https://track.example/DL123' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().tracking).toEqual({ carrier: 'Delhivery', number: 'DL123', link: 'https://track.example/DL123' });
    const history = await ctx.handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, second._id));
    expect(history.find((row) => row.status === 'in_production')).toMatchObject({ actor: 'shop', actorUserId: staff.userId, note: 'Engraving today' });
    expect(await stockOf(ctx, item.id)).toBe(4);

    // The shop cancels only with a reason (the customer is told why).
    const third = (await place(asha, order([{ productId: item.id, quantity: 1 }]))).json();
    const unexplained = await call(app, 'POST', `/api/admin/orders/${third._id}/status`, staff, { status: 'cancelled' });
    expectRefusal(unexplained, 422, 'cancel_reason_required', { note: 'cancel_reason_required' });
    expect(unexplained.json().message).toBe('Give a reason for cancelling this order');
    expect((await call(app, 'POST', `/api/admin/orders/${third._id}/status`, staff, { status: 'cancelled', note: 'Out of brass' })).statusCode).toBe(200);

    // Tracking by number and the order's mobile number; a wrong pair says nothing about which half was wrong.
    const track = (body: unknown, ip = '10.9.0.1') => app.inject({ method: 'POST', url: '/api/order/track', remoteAddress: ip, payload: body as object });
    const tracked = await track({ number: second.number.toLowerCase(), mobile: `+91 ${asha.mobile}` });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json()).toMatchObject({ number: second.number, status: 'shipped', tracking: { carrier: 'Delhivery' }, totalItems: 1 });
    expect(tracked.json().statusHistory.map((c: { status: string }) => c.status)).toEqual(['placed', 'confirmed', 'in_production', 'packed', 'shipped']);
    expect(tracked.json()).not.toHaveProperty('address');
    const wrongMobile = await track({ number: second.number, mobile: ravi.mobile });
    const wrongNumber = await track({ number: 'KG-200101-AAAAAA', mobile: asha.mobile });
    expectRefusal(wrongMobile, 404, 'tracking_not_found');
    expect(wrongMobile.json()).toEqual({ message: 'No order matches this order number and mobile number', code: 'tracking_not_found' });
    expect(wrongNumber.json()).toEqual(wrongMobile.json());
    expectRefusal(await track({ number: '123', mobile: asha.mobile }), 400, 'validation_failed', { number: 'order_number_invalid' });
    const badMobile = expectRefusal(await track({ number: second.number, mobile: '12' }), 400, 'validation_failed', { mobile: 'tracking_mobile_invalid' });
    expect(badMobile.errors?.mobile?.message).toBe('Enter a valid 10-digit mobile number');
    const burst = [];
    for (let i = 0; i < 11; i++) burst.push(await track({ number: 'KG-200101-AAAAAA', mobile: asha.mobile }, '10.9.0.2'));
    for (const response of burst.slice(0, 10)) expectRefusal(response, 404, 'tracking_not_found');
    expectRefusal(burst[10]!, 429, 'rate_limited');
  });
});
