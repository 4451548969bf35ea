import { outbox, stockAlerts } from '@shop/db';
import type { AdminProduct, ProductInput } from '@shop/domain/admin/products';
import { stringify } from 'csv-stringify/sync';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext, type AdminContext, callAs } from '../admin/admin-helpers.ts';
import { request, uniqueEmail } from '../engagement/engagement-helpers.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { returnStock } from '../../src/orders/stock.ts';

let serial = 0;
function input(ctx: AdminContext, overrides: Partial<ProductInput> = {}): ProductInput {
  serial++;
  return {
    name: `Brass Diya ${serial}`,
    slug: `brass-diya-${serial}-${Date.now().toString(36)}`,
    description: 'A hand-beaten brass diya.',
    categoryId: ctx.fixtures.categories.lamps.id,
    brandId: null,
    price: 79_900,
    mrp: 99_900,
    stock: 0,
    cod: true,
    customizationType: null,
    mediaLimit: 1,
    hsnCode: '7419',
    gstRate: 1200,
    weightGrams: 300,
    needsProof: false,
    tags: [],
    featured: false,
    flashSaleEndsAt: null,
    newArrival: false,
    unique: false,
    onSelling: false,
    published: true,
    variants: [],
    ...overrides,
  };
}

describe.each(engines)('back-in-stock requests (%s)', (engine) => {
  let ctx: AdminContext;
  beforeAll(async () => {
    ctx = await adminContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const staff = (method: 'POST' | 'PUT', url: string, body: unknown) => callAs(ctx, 'staff', { method, url, body });
  const outOfStock = async (overrides: Partial<ProductInput> = {}) => {
    const body = input(ctx, overrides);
    const response = await staff('POST', '/api/admin/products', body);
    expect(response.statusCode, response.body).toBe(201);
    return { product: response.json<AdminProduct>(), body };
  };
  const ask = (body: Record<string, unknown>) => request(ctx.app, 'POST', '/api/stock-alerts', body);
  const messagesFor = (productSlug: string) =>
    ctx.handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'back-in-stock'), like(outbox.bodyText, `%/product/${productSlug}%`)));

  it('sends exactly one message per request when staff restock, and none for a second restock', async () => {
    const { product, body } = await outOfStock();
    const email = uniqueEmail('diya');
    // The same request three times (a double click, a retry, the address typed in capitals) is one request.
    for (const address of [email, email, email.toUpperCase()]) {
      const response = await ask({ productId: product._id, channel: 'email', email: address, language: 'hi' });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ status: 'waiting' });
    }
    expect((await ask({ productId: product._id, channel: 'sms', phone: '98765 43210' })).statusCode).toBe(202);
    expect(await ctx.handle.db.select().from(stockAlerts).where(eq(stockAlerts.productId, product._id))).toHaveLength(2);
    expect(await messagesFor(product.slug)).toHaveLength(0);

    // A save that leaves it out of stock tells no one.
    expect((await staff('PUT', `/api/admin/products/${product._id}`, { ...body, description: 'Now with a lid.' })).statusCode).toBe(200);
    expect(await messagesFor(product.slug)).toHaveLength(0);

    const restock = await staff('PUT', `/api/admin/products/${product._id}`, { ...body, stock: 5 });
    expect(restock.statusCode, restock.body).toBe(200);
    const sent = await messagesFor(product.slug);
    expect(sent).toHaveLength(2);
    const mail = sent.find((row) => row.channel === 'email')!;
    expect(mail).toMatchObject({ recipient: email, dedupeKey: expect.stringMatching(/^stock-alert:/) });
    // In the language the shopper asked in, naming the product, with its link.
    expect(mail.subject).toBe(`${product.name} फिर से स्टॉक में है`);
    expect(mail.bodyHtml).toContain(`/product/${product.slug}`);
    const sms = sent.find((row) => row.channel === 'sms')!;
    expect(sms).toMatchObject({ recipient: '+919876543210' });
    expect(sms.bodyText).toContain(product.name);
    const requests = await ctx.handle.db.select().from(stockAlerts).where(eq(stockAlerts.productId, product._id));
    expect(requests.every((row) => row.notifiedAt !== null)).toBe(true);

    // Sold out and restocked again: the requests ended with their message, so nothing more is sent.
    await staff('PUT', `/api/admin/products/${product._id}`, { ...body, stock: 0 });
    await staff('PUT', `/api/admin/products/${product._id}`, { ...body, stock: 9 });
    expect(await messagesFor(product.slug)).toHaveLength(2);

    // Out of stock once more, a new request is a new one.
    await staff('PUT', `/api/admin/products/${product._id}`, { ...body, stock: 0 });
    expect((await ask({ productId: product._id, channel: 'email', email })).statusCode).toBe(202);
    expect(await ctx.handle.db.select().from(stockAlerts).where(eq(stockAlerts.productId, product._id))).toHaveLength(3);
  });

  it('sends the message when a CSV import restocks the product', async () => {
    const { product } = await outOfStock();
    const email = uniqueEmail('csv');
    expect((await ask({ productId: product._id, channel: 'email', email })).statusCode).toBe(202);
    const csv = stringify([
      ['slug', 'name', 'category', 'sku', 'attributes', 'price', 'mrp', 'stock'],
      [product.slug, product.name, ctx.fixtures.categories.lamps.slug, '', '', '799', '999', '4'],
    ]);
    const dry = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/products/import', body: { csv, dryRun: true } });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(await messagesFor(product.slug)).toHaveLength(0);
    const imported = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/products/import', body: { csv } });
    expect(imported.statusCode, imported.body).toBe(200);
    const sent = await messagesFor(product.slug);
    expect(sent.map((row) => [row.channel, row.recipient, row.subject])).toEqual([['email', email, `${product.name} is back in stock`]]);
  });

  it('tells whoever waits when a cancelled order puts units back', async () => {
    const { product } = await outOfStock();
    const email = uniqueEmail('returned');
    expect((await ask({ productId: product._id, channel: 'email', email })).statusCode).toBe(202);
    // What cancelling an order does with its lines (orders/change-status.ts), in its own transaction.
    await ctx.handle.db.transaction((tx) => returnStock(tx, [{ productId: product._id, variantId: null, quantity: 2 }]));
    expect((await messagesFor(product.slug)).map((row) => row.recipient)).toEqual([email]);
    await ctx.handle.db.transaction((tx) => returnStock(tx, [{ productId: product._id, variantId: null, quantity: 1 }]));
    expect(await messagesFor(product.slug)).toHaveLength(1);
  });

  it('answers a request for one option when THAT option is back, not when another is (decision 118)', async () => {
    const tag = `${serial + 1}-${Date.now().toString(36)}`.toUpperCase();
    const option = (size: string, stock: number, id?: string) => ({
      ...(id ? { id } : {}),
      sku: `DIYA-${tag}-${size}`,
      attributes: { Size: size },
      price: 79_900,
      mrp: 99_900,
      stock,
    });
    // Small is in stock, so the product is; Medium and Large are sold out.
    const { product, body } = await outOfStock({ variants: [option('S', 4), option('M', 0), option('L', 0)] });
    const [small, medium, large] = product.variants;
    const again = (stocks: [number, number, number]) => ({
      ...body,
      variants: [option('S', stocks[0], small!._id), option('M', stocks[1], medium!._id), option('L', stocks[2], large!._id)],
    });
    const email = uniqueEmail('medium');
    // The product as a whole is in stock: only a request naming a sold-out option is taken.
    expectRefusal(await ask({ productId: product._id, channel: 'email', email }), 409, 'stock_alert_in_stock');
    expectRefusal(await ask({ productId: product._id, variantId: small!._id, channel: 'email', email }), 409, 'stock_alert_option_in_stock');
    expectRefusal(
      await ask({ productId: product._id, variantId: ctx.fixtures.products.photoKeychain!.id, channel: 'email', email }),
      404,
      'stock_alert_option_not_found',
    );
    expectRefusal(await ask({ productId: product._id, variantId: 'nope', channel: 'email', email }), 404, 'stock_alert_option_not_found');
    for (let i = 0; i < 2; i++) expect((await ask({ productId: product._id, variantId: medium!._id, channel: 'email', email })).statusCode).toBe(202);
    const phone = '9988776655';
    expect((await ask({ productId: product._id, variantId: large!._id, channel: 'sms', phone })).statusCode).toBe(202);
    expect(await ctx.handle.db.select().from(stockAlerts).where(eq(stockAlerts.productId, product._id))).toHaveLength(2);

    // Another option restocked (Large, and Small again): the shopper waiting for Medium hears nothing.
    expect((await staff('PUT', `/api/admin/products/${product._id}`, again([9, 0, 3]))).statusCode).toBe(200);
    const afterLarge = await messagesFor(product.slug);
    expect(afterLarge.map((row) => [row.channel, row.recipient])).toEqual([['sms', '+919988776655']]);
    expect(afterLarge[0]!.bodyText).toContain(`${product.name} (Size: L)`);

    // Medium restocked: exactly one message, naming the option and linking to it; a second restock sends nothing.
    expect((await staff('PUT', `/api/admin/products/${product._id}`, again([9, 2, 3]))).statusCode).toBe(200);
    const mails = (await messagesFor(product.slug)).filter((row) => row.channel === 'email');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: email, subject: `${product.name} (Size: M) is back in stock` });
    expect(mails[0]!.bodyHtml).toContain(`/product/${product.slug}?variant=${encodeURIComponent(medium!.sku)}`);
    await staff('PUT', `/api/admin/products/${product._id}`, again([9, 0, 3]));
    await staff('PUT', `/api/admin/products/${product._id}`, again([9, 5, 3]));
    expect(await messagesFor(product.slug)).toHaveLength(2);

    // A cancelled order's units bring an option back too, for that option only.
    await staff('PUT', `/api/admin/products/${product._id}`, again([0, 5, 0]));
    const other = uniqueEmail('small');
    expect((await ask({ productId: product._id, variantId: small!._id, channel: 'email', email: other })).statusCode).toBe(202);
    expect((await ask({ productId: product._id, variantId: large!._id, channel: 'email', email: other })).statusCode).toBe(202);
    await ctx.handle.db.transaction((tx) => returnStock(tx, [{ productId: product._id, variantId: small!._id, quantity: 1 }]));
    const back = (await messagesFor(product.slug)).filter((row) => row.recipient === other);
    expect(back.map((row) => row.subject)).toEqual([`${product.name} (Size: S) is back in stock`]);
  });

  it('waits for a hidden product to be published before telling anyone', async () => {
    const { product, body } = await outOfStock();
    expect((await ask({ productId: product._id, channel: 'sms', phone: '9123456780' })).statusCode).toBe(202);
    await staff('PUT', `/api/admin/products/${product._id}`, { ...body, stock: 3, published: false });
    expect(await messagesFor(product.slug)).toHaveLength(0);
    await staff('POST', `/api/admin/products/${product._id}/publish`, { published: true });
    expect(await messagesFor(product.slug)).toHaveLength(1);
  });

  it('refuses bad requests naming the field, a product in stock (409) and one not in the shop (404)', async () => {
    const { product } = await outOfStock();
    expectRefusal(await ask({ productId: product._id, channel: 'email', email: 'asha@' }), 400, 'validation_failed', { email: 'email_invalid' });
    expectRefusal(await ask({ productId: product._id, channel: 'email' }), 400, 'validation_failed', { email: 'email_required' });
    expectRefusal(await ask({ productId: product._id, channel: 'sms', phone: '12345' }), 400, 'validation_failed', { phone: 'phone_invalid' });
    expectRefusal(await ask({ productId: product._id, channel: 'fax', email: 'a@b.in' }), 400, 'validation_failed', { channel: 'stock_alert_channel_invalid' });
    expectRefusal(await ask({ productId: ctx.fixtures.products.photoKeychain!.id, channel: 'email', email: 'a@b.in' }), 409, 'stock_alert_in_stock');
    expectRefusal(await ask({ productId: '00000000-0000-4000-8000-000000000000', channel: 'email', email: 'a@b.in' }), 404, 'product_not_found');
    expectRefusal(await ask({ productId: 'nope', channel: 'email', email: 'a@b.in' }), 404, 'product_not_found');
    expectRefusal(await ask({ productId: ctx.fixtures.draft.id, channel: 'email', email: 'a@b.in' }), 404, 'product_not_found');
  });
});
