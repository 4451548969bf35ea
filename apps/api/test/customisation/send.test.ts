import { customisationUploads } from '@shop/db';
import { refusalMessage } from '@shop/domain/refusals/index';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, makeStaff, product, roomyLimits } from '../orders/order-helpers.ts';
import { personalised, placeOrder, png, upload } from './customisation-helpers.ts';

/**
 * POST /api/user/order/customized-add (issue 5) and the order's customisation blocks, on PGlite and PostgreSQL: every
 * rule and message, ownership, photos used once, replacing, and the lock once the order goes into production.
 */

const NIL = '00000000-0000-4000-8000-000000000000';
type Who = Awaited<ReturnType<typeof customer>>;

describe.each(engines)('personalisation details (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let asha: Who;
  let ravi: Who;
  let staff: Who;
  let small: Buffer;

  beforeAll(async () => {
    // These customers place more orders than the abuse limits allow (issue 19); the limits have their own tests.
    ctx = await authContext(engine, roomyLimits);
    app = ctx.app;
    [asha, ravi, staff] = [await customer(ctx), await customer(ctx), await customer(ctx)];
    await makeStaff(ctx, staff.userId);
    small = await png(6, 6);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (who: Who | undefined, body: unknown) => call(app, 'POST', '/api/user/order/customized-add', who, body);
  const photos = async (who: Who, count: number): Promise<{ id: string; original: string; thumbnail: string }[]> => {
    const response = await upload(
      app,
      who,
      Array.from({ length: count }, (_, index) => ({ filename: `${index}.png`, contentType: 'image/png', body: small })),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const lineOf = (order: any, productId: string) => order.items.find((item: any) => item.productId === productId);
  const setStatus = async (orderId: string, status: string) => {
    const response = await call(app, 'POST', `/api/admin/orders/${orderId}/status`, staff, { status });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** A refusal naming these fields, each with its code and text; the refusal itself is the first field's. */
  const expectError = (response: { statusCode: number; json(): any }, status: number, errors: Record<string, [code: string, message: string]>) => {
    const [first] = Object.values(errors);
    const codes = Object.fromEntries(Object.entries(errors).map(([field, [code]]) => [field, code]));
    const body = expectRefusal(response, status, first![0], codes);
    expect(body.message).toBe(first![1]);
    expect(Object.fromEntries(Object.entries(body.errors ?? {}).map(([field, error]) => [field, [error.code, error.message]]))).toEqual(errors);
    return body;
  };

  it('asks for sign-in (401)', async () => {
    expectRefusal(await send(undefined, { productId: NIL, orderId: NIL, customisation: [{ text: 'x' }] }), 401, 'not_signed_in');
  });

  it('shows every personalised line as not sent yet, and plain lines without a block', async () => {
    const mug = await personalised(ctx, 'text');
    const plain = await product(ctx);
    const order = await placeOrder(app, asha, [
      { productId: mug.id, quantity: 2 },
      { productId: plain.id, quantity: 1 },
    ]);
    expect(lineOf(order, mug.id).customisation).toEqual({ units: null, sentAt: null, locked: false });
    expect(lineOf(order, plain.id).customisation).toBeNull();
  });

  it('takes a text per unit for a text product (photos sent along are dropped) and shows them on the order', async () => {
    const mug = await personalised(ctx, 'text', 1, 'Name mug');
    const order = await placeOrder(app, asha, [{ productId: mug.id, quantity: 2 }]);
    const [stray] = await photos(asha, 1);
    const response = await send(asha, {
      orderId: order._id,
      productId: mug.id,
      customisation: [
        { text: '  Asha  ', images: [stray!.id] },
        { text: 'Ravi', images: [] },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const line = lineOf(response.json(), mug.id);
    expect(line.customisation).toEqual({
      units: [
        { text: 'Asha', customization_image: [] },
        { text: 'Ravi', customization_image: [] },
      ],
      sentAt: expect.any(String),
      locked: false,
    });
    // The stray photo was not attached, and the order reads the same afterwards.
    const [row] = await ctx.handle.db.select().from(customisationUploads).where(eq(customisationUploads.id, stray!.id));
    expect(row!.lineId).toBeNull();
    const read = await call(app, 'GET', `/api/user/order/${order._id}`, asha);
    expect(lineOf(read.json(), mug.id).customisation).toEqual(line.customisation);
    const list = await call(app, 'GET', '/api/user/orders', asha);
    expect(
      lineOf(
        list.json().data.find((o: any) => o._id === order._id),
        mug.id,
      ).customisation,
    ).toEqual(line.customisation);
  });

  it('takes exactly mediaLimit photos per unit for an image product, with an empty text, in the order sent', async () => {
    const frame = await personalised(ctx, 'image', 2, 'Collage frame');
    const order = await placeOrder(app, asha, [{ productId: frame.id, quantity: 2 }]);
    const [a, b, c, d] = await photos(asha, 4);
    const ok = await send(asha, {
      orderId: order._id,
      productId: frame.id,
      // The whole upload answer or just the id: both are accepted.
      customisation: [{ text: 'ignored', images: [b, a] }, { images: [c!.id, d!.id] }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(lineOf(ok.json(), frame.id).customisation.units).toEqual([
      { text: '', customization_image: [b, a] },
      { text: '', customization_image: [c, d] },
    ]);
  });

  it('applies every rule of spec §5 with its message, keyed per unit', async () => {
    const both = await personalised(ctx, 'both', 1, 'Photo lamp');
    const order = await placeOrder(app, asha, [{ productId: both.id, quantity: 2 }]);
    const [a, b] = await photos(asha, 2);
    const body = (customisation: unknown[]) => ({ orderId: order._id, productId: both.id, customisation });

    const units = expectError(await send(asha, body([{ text: 'A', images: [a!.id] }])), 400, {
      customisation: ['unit_count', 'Send one entry for each of the 2 ordered units'],
    });
    expect(units.params).toEqual({ count: 2 });
    expect(units.errors!.customisation!.params).toEqual({ count: 2 });
    expectError(await send(asha, body([])), 400, { customisation: ['unit_count', 'Send one entry for each of the 2 ordered units'] });
    expectError(
      await send(
        asha,
        body([
          { text: 'A', images: [a!.id] },
          { text: '  ', images: [b!.id] },
        ]),
      ),
      400,
      {
        'customisation.1.text': ['text_required', 'Details is required'],
      },
    );
    const count = expectError(
      await send(
        asha,
        body([
          { text: 'A', images: [a!.id, b!.id] },
          { text: 'B', images: [] },
        ]),
      ),
      400,
      {
        'customisation.0.images': ['image_count', 'please select only 1 image for every product'],
        'customisation.1.images': ['image_count', 'please select only 1 image for every product'],
      },
    );
    expect(count.params).toEqual({ count: 1 });
    const long = expectError(
      await send(
        asha,
        body([
          { text: 'x'.repeat(501), images: [a!.id] },
          { text: 'B', images: [b!.id] },
        ]),
      ),
      400,
      {
        'customisation.0.text': ['text_too_long', 'Details can be at most 500 characters'],
      },
    );
    expect(long.errors!['customisation.0.text']!.params).toEqual({ max: 500 });
    expectError(
      await send(
        asha,
        body([
          { text: 'A\u0007', images: [a!.id] },
          { text: 'B', images: [b!.id] },
        ]),
      ),
      400,
      {
        // The input guard (decision 046) answers a control character before the schema's text_invalid.
        'customisation.0.text': ['invalid_characters', refusalMessage('invalid_characters', { field: 'customisation.0.text' })],
      },
    );
    expectError(
      await send(
        asha,
        body([
          { text: 'A', images: [a!.id] },
          { text: 'B', images: [a!.id] },
        ]),
      ),
      400,
      {
        'customisation.1.images': ['image_in_use', refusalMessage('image_in_use')],
      },
    );
    expectError(
      await send(
        asha,
        body([
          { text: 'A', images: [a!.id] },
          { text: 'B', images: [NIL] },
        ]),
      ),
      400,
      {
        'customisation.1.images': ['image_not_found', refusalMessage('image_not_found')],
      },
    );
    // Nothing was stored by any of these.
    const read = await call(app, 'GET', `/api/user/order/${order._id}`, asha);
    expect(lineOf(read.json(), both.id).customisation).toEqual({ units: null, sentAt: null, locked: false });

    const ok = await send(
      asha,
      body([
        { text: 'A', images: [a!.id] },
        { text: 'B', images: [b!.id] },
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses bad ids and shapes through the schema with a code naming the field', async () => {
    const response = await send(asha, { orderId: 'x', productId: NIL, customisation: [{ text: 'A' }] });
    const body = expectRefusal(response, 400, 'validation_failed', { orderId: 'order_id_invalid' });
    expect(body.errors!.orderId!.message).toBe('Order id is missing or not an order id');
    expectRefusal(await send(asha, { orderId: NIL, productId: 'p', customisation: [] }), 400, 'validation_failed', { productId: 'product_id_invalid' });
    expectRefusal(await send(asha, { orderId: NIL, productId: NIL, lineId: 'first', customisation: [] }), 400, 'validation_failed', {
      lineId: 'line_id_needed',
    });
    expectRefusal(await send(asha, { orderId: NIL, productId: NIL }), 400, 'validation_failed', { customisation: 'units_missing' });
    expectRefusal(await send(asha, { orderId: NIL, productId: NIL, customisation: [{ text: 5 }] }), 400, 'validation_failed', {
      'customisation.0.text': 'text_required',
    });
    expectRefusal(await send(asha, { orderId: NIL, productId: NIL, customisation: [{ images: ['nope'] }] }), 400, 'validation_failed', {
      'customisation.0.images.0': 'image_not_found',
    });
    const many = expectRefusal(
      await send(asha, { orderId: NIL, productId: NIL, customisation: [{ images: Array.from({ length: 11 }, () => NIL) }] }),
      400,
      'validation_failed',
      { 'customisation.0.images': 'too_many_images' },
    );
    expect(many.errors!['customisation.0.images']!.params).toEqual({ max: 10 });
    expectRefusal(await send(asha, { orderId: NIL, productId: NIL, customisation: Array.from({ length: 100 }, () => ({})) }), 400, 'validation_failed', {
      customisation: 'too_many_units',
    });
  });

  it("answers 404 for another user's order exactly as for a missing one, and for a product not in the order", async () => {
    const mug = await personalised(ctx, 'text');
    const order = await placeOrder(app, asha, [{ productId: mug.id, quantity: 1 }]);
    const theirs = await send(ravi, { orderId: order._id, productId: mug.id, customisation: [{ text: 'A' }] });
    const missing = await send(ravi, { orderId: NIL, productId: mug.id, customisation: [{ text: 'A' }] });
    expectError(theirs, 404, { orderId: ['customisation_order_not_found', 'Order not found'] });
    expect(theirs.body).toBe(missing.body);
    expectError(await send(asha, { orderId: order._id, productId: NIL, customisation: [{ text: 'A' }] }), 404, {
      productId: ['product_not_in_order', refusalMessage('product_not_in_order')],
    });
    expectError(await send(asha, { orderId: order._id, productId: mug.id, lineId: NIL, customisation: [{ text: 'A' }] }), 404, {
      lineId: ['product_not_in_order', refusalMessage('product_not_in_order')],
    });
  });

  it('refuses a product that is not personalised (400)', async () => {
    const plain = await product(ctx);
    const order = await placeOrder(app, asha, [{ productId: plain.id, quantity: 1 }]);
    expectError(await send(asha, { orderId: order._id, productId: plain.id, customisation: [{ text: 'A' }] }), 400, {
      productId: ['not_customisable', 'This product is not personalised'],
    });
  });

  it("treats another user's upload exactly like a missing one", async () => {
    const frame = await personalised(ctx, 'image');
    const order = await placeOrder(app, asha, [{ productId: frame.id, quantity: 1 }]);
    const [theirs] = await photos(ravi, 1);
    const withTheirs = await send(asha, { orderId: order._id, productId: frame.id, customisation: [{ images: [theirs!.id] }] });
    const withMissing = await send(asha, { orderId: order._id, productId: frame.id, customisation: [{ images: [NIL] }] });
    expectError(withTheirs, 400, { 'customisation.0.images': ['image_not_found', refusalMessage('image_not_found')] });
    expect(withTheirs.body).toBe(withMissing.body);
  });

  it('uses a photo for one unit of one line only, across lines and orders', async () => {
    const frame = await personalised(ctx, 'image');
    const lamp = await personalised(ctx, 'image');
    const first = await placeOrder(app, asha, [
      { productId: frame.id, quantity: 1 },
      { productId: lamp.id, quantity: 1 },
    ]);
    const second = await placeOrder(app, asha, [{ productId: frame.id, quantity: 1 }]);
    const [photo] = await photos(asha, 1);
    expect((await send(asha, { orderId: first._id, productId: frame.id, customisation: [{ images: [photo!.id] }] })).statusCode).toBe(200);
    const inUse = { 'customisation.0.images': ['image_in_use', refusalMessage('image_in_use')] as [string, string] };
    expectError(await send(asha, { orderId: first._id, productId: lamp.id, customisation: [{ images: [photo!.id] }] }), 400, inUse);
    expectError(await send(asha, { orderId: second._id, productId: frame.id, customisation: [{ images: [photo!.id] }] }), 400, inUse);
    // Sending the same line again with the same photo is fine (a replacement that keeps it).
    expect((await send(asha, { orderId: first._id, productId: frame.id, customisation: [{ images: [photo!.id] }] })).statusCode).toBe(200);
  });

  it('two submits racing for the same photo: exactly one gets it', async () => {
    const frame = await personalised(ctx, 'image');
    const one = await placeOrder(app, asha, [{ productId: frame.id, quantity: 1 }]);
    const two = await placeOrder(app, asha, [{ productId: frame.id, quantity: 1 }]);
    const [photo] = await photos(asha, 1);
    const responses = await Promise.all(
      [one, two].map((order) => send(asha, { orderId: order._id, productId: frame.id, customisation: [{ images: [photo!.id] }] })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expectRefusal(
      responses.find((response) => response.statusCode === 400)!,
      400,
      'image_in_use',
      { 'customisation.0.images': 'image_in_use' },
    );
    const [row] = await ctx.handle.db.select().from(customisationUploads).where(eq(customisationUploads.id, photo!.id));
    expect(row!.lineId).not.toBeNull();
  });

  it('may replace details until the order goes into production, freeing the photos sent before; then 409', async () => {
    const lamp = await personalised(ctx, 'both');
    const order = await placeOrder(app, asha, [{ productId: lamp.id, quantity: 1 }]);
    const [first, second] = await photos(asha, 2);
    const body = (text: string, id: string) => ({ orderId: order._id, productId: lamp.id, customisation: [{ text, images: [id] }] });

    const sent = await send(asha, body('First', first!.id));
    expect(sent.statusCode).toBe(200);
    const firstSentAt = lineOf(sent.json(), lamp.id).customisation.sentAt;
    await setStatus(order._id, 'confirmed');
    const replaced = await send(asha, body('Second', second!.id));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const line = lineOf(replaced.json(), lamp.id);
    expect(line.customisation.units).toEqual([{ text: 'Second', customization_image: [second] }]);
    expect(new Date(line.customisation.sentAt).getTime()).toBeGreaterThanOrEqual(new Date(firstSentAt).getTime());
    const [freed] = await ctx.handle.db.select().from(customisationUploads).where(eq(customisationUploads.id, first!.id));
    expect(freed).toMatchObject({ lineId: null, unit: null, position: null });

    const produced = await setStatus(order._id, 'in_production');
    expect(lineOf(produced, lamp.id).customisation).toMatchObject({ locked: true, units: [{ text: 'Second' }] });
    const locked = await send(asha, body('Third', first!.id));
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ code: 'order_locked', message: 'Personalisation is locked: this order has gone into production' });
    // Uploading for a locked line is refused too.
    const late = await upload(app, asha, [{ filename: 'a.png', contentType: 'image/png', body: small }], { orderId: order._id, productId: lamp.id });
    expectRefusal(late, 409, 'order_locked');
  });

  it('a submit racing the move into production is either stored before the lock or refused, never half', async () => {
    const mug = await personalised(ctx, 'text');
    const order = await placeOrder(app, asha, [{ productId: mug.id, quantity: 1 }]);
    await setStatus(order._id, 'confirmed');
    const [sent, moved] = await Promise.all([
      send(asha, { orderId: order._id, productId: mug.id, customisation: [{ text: 'Just in time' }] }),
      call(app, 'POST', `/api/admin/orders/${order._id}/status`, staff, { status: 'in_production' }),
    ]);
    expect(moved.statusCode).toBe(200);
    expect([200, 409]).toContain(sent.statusCode);
    if (sent.statusCode === 409) expectRefusal(sent, 409, 'order_locked');
    const final = lineOf((await call(app, 'GET', `/api/user/order/${order._id}`, asha)).json(), mug.id).customisation;
    expect(final.locked).toBe(true);
    expect(final.units).toEqual(sent.statusCode === 200 ? [{ text: 'Just in time', customization_image: [] }] : null);
  });

  it('refuses details for a cancelled order (409)', async () => {
    const mug = await personalised(ctx, 'text');
    const order = await placeOrder(app, asha, [{ productId: mug.id, quantity: 1 }]);
    expect((await call(app, 'POST', `/api/user/order/${order._id}/cancel`, asha)).statusCode).toBe(200);
    const response = await send(asha, { orderId: order._id, productId: mug.id, customisation: [{ text: 'A' }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'order_cancelled', message: 'This order was cancelled: personalisation can no longer be sent' });
  });

  it('asks which line when the product is in the order twice (two options of it)', async () => {
    const shirt = await product(ctx, {
      customizationType: 'text',
      variants: [
        { attributes: { Size: 'S' }, price: 50_000, mrp: 60_000, stock: 5 },
        { attributes: { Size: 'M' }, price: 50_000, mrp: 60_000, stock: 5 },
      ],
    });
    const response = await call(app, 'POST', '/api/user/order', asha, {
      items: shirt.variants.map((variant) => ({ productId: shirt.id, variantId: variant.id, quantity: 1 })),
      addressId: asha.addressId,
      paymentMethod: 'cod',
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expectError(await send(asha, { orderId: order._id, productId: shirt.id, customisation: [{ text: 'A' }] }), 400, {
      lineId: ['line_id_needed', 'This product is in the order more than once: say which line (lineId)'],
    });
    const second = order.items[1];
    const ok = await send(asha, { orderId: order._id, productId: shirt.id, lineId: second.id, customisation: [{ text: 'Medium' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().items.map((item: any) => item.customisation.units)).toEqual([null, [{ text: 'Medium', customization_image: [] }]]);
  });

  it('shows each personalised line of an order with its own details, sent or not', async () => {
    const [a, b, c] = [await personalised(ctx, 'text'), await personalised(ctx, 'image'), await personalised(ctx, 'both')];
    const order = await placeOrder(
      app,
      asha,
      [a, b, c].map((p) => ({ productId: p.id, quantity: 1 })),
    );
    const [p1, p2] = await photos(asha, 2);
    await send(asha, { orderId: order._id, productId: b.id, customisation: [{ images: [p1!.id] }] });
    await send(asha, { orderId: order._id, productId: c.id, customisation: [{ text: 'C', images: [p2!.id] }] });
    const read = (await call(app, 'GET', `/api/user/order/${order._id}`, asha)).json();
    expect(read.items.map((item: any) => item.customisation.units)).toEqual([
      null,
      [{ text: '', customization_image: [p1] }],
      [{ text: 'C', customization_image: [p2] }],
    ]);
    const counted = await ctx.handle.db.execute(sql`select count(*)::int as n from order_line_customisations where line_id in (
      select id from order_lines where order_id = ${order._id})`);
    expect((counted as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});
