import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { auditLog, products } from '@shop/db';
import type { AdminProduct, ProductInput } from '@shop/domain/admin/products';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp, freshIp } from '../auth/auth-helpers.ts';
import { multipart, phonePhoto } from '../customisation/customisation-helpers.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

let serial = 0;
/** A valid product input in the fixtures' keychains category, with a slug no other test uses. */
function input(ctx: AdminContext, overrides: Partial<ProductInput> = {}): ProductInput {
  serial++;
  return {
    name: `Engraved Pen ${serial}`,
    slug: `engraved-pen-${serial}-${Date.now().toString(36)}`,
    description: 'A brass pen engraved with a name.',
    categoryId: ctx.fixtures.categories.keychains.id,
    brandId: ctx.fixtures.brands.aurora.id,
    price: 49_900,
    mrp: 69_900,
    stock: 12,
    cod: true,
    customizationType: 'text',
    mediaLimit: 1,
    hsnCode: '9608',
    gstRate: 1800,
    weightGrams: 40,
    tags: ['pen', 'brass'],
    featured: false,
    flashSaleEndsAt: null,
    newArrival: true,
    unique: false,
    onSelling: false,
    published: true,
    needsProof: false,
    variants: [],
    ...overrides,
  };
}

describe.each(engines)('back office: products (%s)', (engine) => {
  let ctx: AdminContext;
  /** An app on the same database with the response cache on, as in production. */
  let cached: FastifyInstance;
  beforeAll(async () => {
    ctx = await adminContext(engine);
    cached = await anotherApp(ctx, { responseCacheSeconds: 60 });
  });
  afterAll(async () => {
    await cached?.close();
    await ctx?.close();
  });

  const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, app?: FastifyInstance) =>
    callAs(ctx, 'staff', { method, url, body }, app);
  const create = async (overrides: Partial<ProductInput> = {}) => {
    const response = await staff('POST', '/api/admin/products', input(ctx, overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminProduct>();
  };
  const row = async (id: string) => (await ctx.handle.db.select().from(products).where(eq(products.id, id)))[0]!;

  it('creates, reads, lists, updates, publishes and deletes a product', async () => {
    const product = await create({ customizationType: 'both', mediaLimit: 2 });
    expect(product).toMatchObject({ price: 49_900, mrp: 69_900, stock: 12, customizationType: 'both', mediaLimit: 2, published: true, gstRate: 1800 });
    expect(product.category.slug).toBe(ctx.fixtures.categories.keychains.slug);

    const read = await staff('GET', `/api/admin/products/${product._id}`);
    expect(read.json()).toEqual(product);

    const list = await staff('GET', `/api/admin/products?q=${encodeURIComponent(product.name)}&customisation=both&stock=in`);
    expect(list.json()).toMatchObject({ total: 1, page: 1, hasMore: false, data: [{ _id: product._id, variantCount: 0 }] });

    const updated = await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug, name: 'Engraved Pen Deluxe', price: 59_900 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Engraved Pen Deluxe', price: 59_900, customizationType: 'text' });

    const hidden = await staff('POST', `/api/admin/products/${product._id}/publish`, { published: false });
    expect(hidden.json()).toMatchObject({ published: false });
    expectRefusal(await ctx.app.inject({ url: `/api/product/${product.slug}` }), 404, 'product_not_found');
    expect((await staff('GET', `/api/admin/products?published=false&q=Deluxe`)).json().data.map((p: AdminProduct) => p._id)).toContain(product._id);
    await staff('POST', `/api/admin/products/${product._id}/publish`, { published: true });
    expect((await ctx.app.inject({ url: `/api/product/${product.slug}` })).statusCode).toBe(200);

    const removed = await staff('DELETE', `/api/admin/products/${product._id}`);
    expect(removed.statusCode).toBe(204);
    expect(expectRefusal(await staff('GET', `/api/admin/products/${product._id}`), 404, 'admin_product_not_found').message).toBe('Product not found');
    expectRefusal(await staff('DELETE', `/api/admin/products/${product._id}`), 404, 'admin_product_not_found');
    expectRefusal(await staff('GET', '/api/admin/products/not-an-id'), 404, 'admin_product_not_found');
  });

  it("sets a product's making days, keeps them when a client leaves them out, and refuses more than 60", async () => {
    const product = await create();
    expect(product.madeToOrderDays).toBe(2);
    const set = await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug, madeToOrderDays: 5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ madeToOrderDays: 5 });
    const kept = await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug, price: 45_000 });
    expect(kept.json()).toMatchObject({ madeToOrderDays: 5, price: 45_000 });
    expect((await row(product._id)).madeToOrderDays).toBe(5);
    for (const days of [61, -1, 1.5]) {
      expectRefusal(
        await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug, madeToOrderDays: days }),
        400,
        'validation_failed',
        {
          madeToOrderDays: 'product_making_days_invalid',
        },
      );
    }
  });

  it('keeps the proof flag when a client leaves it out, as it keeps the making days (issue 24)', async () => {
    const product = await create({ needsProof: true });
    expect(product.needsProof).toBe(true);
    const { needsProof: _left, ...withoutFlag } = input(ctx);
    const kept = await staff('PUT', `/api/admin/products/${product._id}`, { ...withoutFlag, slug: product.slug, price: 45_000 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ needsProof: true, price: 45_000 });
    expect((await row(product._id)).needsProof).toBe(true);
    const cleared = await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug, needsProof: false });
    expect(cleared.json()).toMatchObject({ needsProof: false });
    expect((await row(product._id)).needsProof).toBe(false);
    // A new product without the flag takes none.
    const { needsProof: _none, ...fresh } = input(ctx);
    const created = await staff('POST', '/api/admin/products', fresh);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ needsProof: false });
    expectRefusal(await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug, needsProof: 'yes' }), 400, 'validation_failed');
  });

  it('takes the widest price and mrp the form allows (the discount was computed in integer and overflowed: a 500)', async () => {
    // Found by the OpenAPI fuzzer (decision 058): (mrp - price) * 100 passed 2^31 - 1.
    const product = await create({ price: 3, mrp: 1_000_000_000 });
    expect(product).toMatchObject({ price: 3, mrp: 1_000_000_000 });
    expect((await row(product._id)).discountPercent).toBe(99);
    const updated = await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug, price: 0, mrp: 999_999_999 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await row(product._id)).discountPercent).toBe(100);
  });

  it('names the field in every refusal, and answers a taken slug or SKU with 409', async () => {
    const bad = await staff('POST', '/api/admin/products', { ...input(ctx), name: '', mrp: 100, mediaLimit: 11, gstRate: 1000, hsnCode: '12' });
    const badBody = expectRefusal(bad, 400, 'validation_failed', {
      name: 'product_empty',
      mediaLimit: 'media_limit_invalid',
      gstRate: 'gst_rate_invalid',
      hsnCode: 'hsn_code_invalid',
    });
    expect(badBody.errors).toMatchObject({
      name: { message: 'must not be empty' },
      mediaLimit: { message: 'must be a whole number from 1 to 10', params: { max: 10 } },
      gstRate: { message: 'must be one of 0, 0.25, 3, 5, 12, 18 or 28 (%)' },
      hsnCode: { message: 'must be 4, 6 or 8 digits' },
    });
    const cheap = await staff('POST', '/api/admin/products', input(ctx, { mrp: 100 }));
    expect(expectRefusal(cheap, 400, 'validation_failed', { mrp: 'mrp_below_price' }).errors?.mrp?.message).toBe('must be at least the price');
    const noCategory = await staff('POST', '/api/admin/products', input(ctx, { categoryId: '00000000-0000-4000-8000-000000000000' }));
    expect(expectRefusal(noCategory, 400, 'category_missing', { categoryId: 'category_missing' }).errors).toEqual({
      categoryId: { code: 'category_missing', message: 'no such category' },
    });
    const noBrand = await staff('POST', '/api/admin/products', input(ctx, { brandId: '00000000-0000-4000-8000-000000000000' }));
    expectRefusal(noBrand, 400, 'brand_missing', { brandId: 'brand_missing' });
    const list = await staff('GET', '/api/admin/products?stock=none&sort=cheap');
    expect(expectRefusal(list, 400, 'validation_failed', { stock: 'product_stock_filter_invalid', sort: 'product_sort_invalid' }).errors?.stock?.message).toBe(
      'must be one of low, out, in',
    );

    const first = await create();
    const taken = await staff('POST', '/api/admin/products', input(ctx, { slug: first.slug }));
    expect(expectRefusal(taken, 409, 'product_slug_taken', { slug: 'product_slug_taken' })).toEqual({
      message: 'is already used by another product',
      code: 'product_slug_taken',
      errors: { slug: { code: 'product_slug_taken', message: 'is already used by another product' } },
    });

    const withSku = await create({ variants: [{ sku: `PEN-${serial}-A`, attributes: { Ink: 'Blue' }, price: 100, mrp: 100, stock: 1 }] });
    const skuTaken = await staff(
      'POST',
      '/api/admin/products',
      input(ctx, { variants: [{ sku: withSku.variants[0]!.sku, attributes: { Ink: 'Red' }, price: 100, mrp: 100, stock: 1 }] }),
    );
    expect(expectRefusal(skuTaken, 409, 'sku_taken', { 'variants.0.sku': 'sku_taken' }).errors).toEqual({
      'variants.0.sku': { code: 'sku_taken', message: 'is already used by another variant' },
    });
    const twice = await staff(
      'POST',
      '/api/admin/products',
      input(ctx, {
        variants: [
          { sku: 'DUP-1', attributes: { Ink: 'Red' }, price: 100, mrp: 100, stock: 1 },
          { sku: 'dup-1', attributes: { Colour: 'Red' }, price: 100, mrp: 100, stock: 1 },
        ],
      }),
    );
    expect(
      expectRefusal(twice, 400, 'validation_failed', { 'variants.1.sku': 'sku_repeated', 'variants.1.attributes': 'attribute_names_differ' }).errors,
    ).toMatchObject({
      'variants.1.sku': { message: 'appears twice in this product' },
      'variants.1.attributes': { message: 'every variant must have the same attribute names' },
    });
  });

  it('keeps the product price, mrp, stock and attribute values in step with its variants', async () => {
    const product = await create({
      variants: [
        { sku: `MUG-${serial}-S`, attributes: { Size: 'Small', Colour: 'White' }, price: 39_900, mrp: 49_900, stock: 4 },
        { sku: `MUG-${serial}-L`, attributes: { Size: 'Large', Colour: 'White' }, price: 29_900, mrp: 59_900, stock: 6 },
      ],
    });
    expect(product).toMatchObject({ price: 29_900, mrp: 59_900, stock: 10 });
    expect(new Set((await row(product._id)).attributeValues)).toEqual(new Set(['size:small', 'size:large', 'colour:white']));

    // Keep the small one (by id, with a new stock and the large one's SKU: a swap), drop the large one, add a medium.
    const [small, large] = product.variants;
    const changed = await staff('PUT', `/api/admin/products/${product._id}`, {
      ...input(ctx),
      slug: product.slug,
      variants: [
        { id: small!._id, sku: large!.sku, attributes: { Size: 'Small', Colour: 'White' }, price: 39_900, mrp: 49_900, stock: 1 },
        { sku: `MUG-${serial}-M`, attributes: { Size: 'Medium', Colour: 'Blue' }, price: 34_900, mrp: 34_900, stock: 2 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json<AdminProduct>();
    expect(after).toMatchObject({ price: 34_900, mrp: 34_900, stock: 3 });
    expect(after.variants.map((v) => v._id)[0]).toBe(small!._id);
    expect(after.variants.map((v) => v.sku)).toEqual([large!.sku, `MUG-${serial}-M`]);
    expect(new Set((await row(product._id)).attributeValues)).toEqual(new Set(['size:small', 'size:medium', 'colour:white', 'colour:blue']));
    const storefront = (await ctx.app.inject({ url: `/api/product/${product.slug}` })).json();
    expect(storefront).toMatchObject({ price: 34_900, stock: 3, hasVariants: true });

    const foreign = await staff('PUT', `/api/admin/products/${product._id}`, {
      ...input(ctx),
      slug: product.slug,
      variants: [{ id: '00000000-0000-4000-8000-000000000000', sku: 'X-1', attributes: { Size: 'S' }, price: 1, mrp: 1, stock: 1 }],
    });
    expect(expectRefusal(foreign, 400, 'variant_not_of_product', { 'variants.0.id': 'variant_not_of_product' }).errors).toEqual({
      'variants.0.id': { code: 'variant_not_of_product', message: 'is not a variant of this product' },
    });
  });

  it('writes an audit record with before and after for each change, by the staff member', async () => {
    const product = await create();
    await staff('POST', `/api/admin/products/${product._id}/publish`, { published: false });
    const records = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, product._id)));
    expect(records.map((r) => r.action).sort()).toEqual(['product.create', 'product.unpublish']);
    const unpublish = records.find((r) => r.action === 'product.unpublish')!;
    expect(unpublish.actorUserId).toBe(ctx.people.staff.userId);
    expect(unpublish.actorRole).toBe('staff');
    expect(unpublish.before).toMatchObject({ _id: product._id, published: true });
    expect(unpublish.after).toMatchObject({ _id: product._id, published: false });
    expect(records.find((r) => r.action === 'product.create')!.before).toBeNull();

    // A refused change leaves no record.
    expectRefusal(
      await staff('PUT', `/api/admin/products/${product._id}`, input(ctx, { slug: ctx.fixtures.products.moonLamp!.slug })),
      409,
      'product_slug_taken',
    );
    expect(await ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, product._id))).toHaveLength(2);
  });

  it('re-encodes uploaded images to WebP under the media folder, and orders, labels and removes them', async () => {
    const product = await create();
    const photo = await phonePhoto(640, 480);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = multipart({ alt: 'Brass pen on a desk' }, [
      { filename: 'a.jpg', contentType: 'image/jpeg', body: photo },
      { filename: 'b.png', contentType: 'image/png', body: png },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product._id}/images`,
      remoteAddress: freshIp(),
      headers: { 'content-type': form.contentType, cookie: ctx.people.staff.cookie },
      payload: form.body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const images = response.json<AdminProduct>().images;
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.original).toMatch(/^\/api\/media\/products\/[a-z0-9-]+\.webp$/);
      expect(image.alt).toBe('Brass pen on a desk');
      const file = join(ctx.mediaDir, image.original.replace('/api/media/', ''));
      expect(existsSync(file)).toBe(true);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
    }
    // The phone photo's EXIF orientation turned it upright: 640x480 stored as 480x640.
    expect([images[0]!.width, images[0]!.height]).toEqual([480, 640]);
    const served = await ctx.app.inject({ url: images[1]!.original });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const svg = multipart({}, [
      { filename: 'x.svg', contentType: 'image/svg+xml', body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
    ]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product._id}/images`,
      remoteAddress: freshIp(),
      headers: { 'content-type': svg.contentType, cookie: ctx.people.staff.cookie },
      payload: svg.body,
    });
    // The pictures' checks are the personalisation pipeline's (its codes); the product route answers them as they are.
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });

    const [a, b] = images;
    const reordered = await staff('PUT', `/api/admin/products/${product._id}/images`, {
      images: [
        { id: b!.id, alt: 'Red card' },
        { id: a!.id, alt: '' },
      ],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<AdminProduct>().images.map((i) => [i.id, i.alt])).toEqual([
      [b!.id, 'Red card'],
      [a!.id, undefined],
    ]);
    const removed = await staff('PUT', `/api/admin/products/${product._id}/images`, { images: [{ id: a!.id, alt: 'Pen' }] });
    expect(removed.json<AdminProduct>().images.map((i) => i.id)).toEqual([a!.id]);
    const unknown = await staff('PUT', `/api/admin/products/${product._id}/images`, { images: [{ id: 'nope', alt: '' }] });
    expect(expectRefusal(unknown, 400, 'image_not_of_product', { 'images.0.id': 'image_not_of_product' }).message).toBe('is not an image of this product');
    const twice = await staff('PUT', `/api/admin/products/${product._id}/images`, {
      images: [
        { id: a!.id, alt: '' },
        { id: a!.id, alt: '' },
      ],
    });
    expectRefusal(twice, 400, 'admin_appears_twice', { 'images.1.id': 'admin_appears_twice' });
    const notMultipart = await staff('POST', `/api/admin/products/${product._id}/images`, {});
    expect(expectRefusal(notMultipart, 400, 'product_files_required', { files: 'product_files_required' }).message).toBe(
      'must be one or more image files (multipart/form-data)',
    );
  });

  it('shows a change in the storefront at once, with the response cache on', async () => {
    const product = await create();
    const url = `/api/product/${product.slug}`;
    expect((await cached.inject({ url })).json().name).toBe(product.name);
    expect((await cached.inject({ url })).json().name).toBe(product.name);
    const response = await callAs(
      ctx,
      'staff',
      {
        method: 'PUT',
        url: `/api/admin/products/${product._id}`,
        body: { ...input(ctx), slug: product.slug, name: 'Renamed Pen', price: 10_000, mrp: 10_000 },
      },
      cached,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await cached.inject({ url })).json()).toMatchObject({ name: 'Renamed Pen', price: 10_000 });
    await callAs(ctx, 'staff', { method: 'POST', url: `/api/admin/products/${product._id}/publish`, body: { published: false } }, cached);
    expectRefusal(await cached.inject({ url }), 404, 'product_not_found');
  });

  it("keeps each product's parcel box for shipping (issue 22): set by the form, kept when left out, refused past a courier's limit", async () => {
    const product = await create({ weightGrams: 350, lengthCm: 22, breadthCm: 16, heightCm: 8 });
    expect(product).toMatchObject({ weightGrams: 350, lengthCm: 22, breadthCm: 16, heightCm: 8 });
    // A write without the box (a CSV import's input) leaves the stored box as it was.
    const kept = await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ lengthCm: 22, breadthCm: 16, heightCm: 8 });
    const zeroed = await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug, lengthCm: 0, breadthCm: 0, heightCm: 0 });
    expect(zeroed.json()).toMatchObject({ lengthCm: 0, breadthCm: 0, heightCm: 0 });
    const tooBig = await staff('PUT', `/api/admin/products/${product._id}`, { ...input(ctx), slug: product.slug, lengthCm: 151, heightCm: 2.5 });
    expectRefusal(tooBig, 400, 'validation_failed', { lengthCm: 'shipment_parcel_size_invalid', heightCm: 'shipment_parcel_size_invalid' });
  });
});
