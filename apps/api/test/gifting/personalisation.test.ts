import { auditLog, customisationUploads, orderLinePersonalisations, products } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../auth/auth-helpers.ts';
import { personalised, phonePhoto, png, upload } from '../customisation/customisation-helpers.ts';
import { engines, type TestContext } from '../helpers.ts';
import { call, customer, makeStaff, product, roomyLimits } from '../orders/order-helpers.ts';
import { pruneOnce } from '../../src/housekeeping/prune.ts';

/**
 * The live personalisation preview (issue 24, decision 107) on PGlite and PostgreSQL: staff keep a template per
 * product (refused with field-named codes when its geometry is wrong), the product page reads it, and an order line
 * keeps the shopper's texts, photo and rendered preview, with the spec's customisation prefilled from them.
 */

const nameArea = {
  kind: 'text',
  id: 'name',
  label: 'Name',
  x: 0.1,
  y: 0.4,
  w: 0.8,
  h: 0.2,
  font: 'playfair',
  minSize: 16,
  maxSize: 80,
  colour: '#1a1a1a',
  maxChars: 14,
  align: 'center',
};
const cityArea = { ...nameArea, id: 'city', label: 'City', y: 0.7, h: 0.15, maxChars: 20 };
const photoArea = { kind: 'photo', id: 'photo', label: 'Photo', x: 0.05, y: 0.05, w: 0.3, h: 0.3, aspect: 1 };
const baseImage = {
  id: 'plate-1',
  original: '/api/media/catalogue/plate-1.webp',
  thumbnail: '/api/media/catalogue/plate-1-thumb.webp',
  width: 1000,
  height: 500,
};

describe.each(engines)('personalisation preview (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let asha: Awaited<ReturnType<typeof customer>>;
  let other: Awaited<ReturnType<typeof customer>>;
  let staff: Awaited<ReturnType<typeof customer>>;
  let plate: { id: string; slug: string };

  const templatePath = (id: string) => `/api/admin/products/${id}/personalisation`;
  const save = (id: string, body: unknown, who = staff) => call(app, 'PUT', templatePath(id), who, body);
  const uploadOne = async (who: typeof asha, body: Buffer, type = 'image/png') => {
    const response = await upload(app, who, [{ filename: 'preview.png', contentType: type, body }]);
    expect(response.statusCode, response.body).toBe(201);
    return response.json()[0].id as string;
  };
  const order = (who: typeof asha, items: unknown[]) => call(app, 'POST', '/api/user/order', who, { items, addressId: who.addressId, paymentMethod: 'cod' });

  beforeAll(async () => {
    ctx = await authContext(engine, roomyLimits);
    app = ctx.app;
    [asha, other, staff] = [await customer(ctx), await customer(ctx), await customer(ctx)];
    await makeStaff(ctx, staff.userId);
    plate = await personalised(ctx, 'both', 1, 'Brass name plate');
    await ctx.handle.db
      .update(products)
      .set({ images: [baseImage] })
      .where(eq(products.id, plate.id));
    // A fresh database on a busy machine can take longer than the default hook time.
  }, 600_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('lets staff save, read, replace and remove a template; customers and visitors may not; audited', async () => {
    expect((await save(plate.id, { baseImageId: 'plate-1', areas: [nameArea] }, asha)).statusCode).toBe(403);
    expect((await call(app, 'PUT', templatePath(plate.id), undefined, { baseImageId: 'plate-1', areas: [nameArea] })).statusCode).toBe(401);
    expect((await call(app, 'GET', templatePath(plate.id), staff)).json().code).toBe('template_not_found');

    const saved = await save(plate.id, { baseImageId: 'plate-1', areas: [nameArea, photoArea] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ baseImage: { id: 'plate-1', original: baseImage.original, width: 1000, height: 500 }, areas: [nameArea, photoArea] });
    expect((await call(app, 'GET', templatePath(plate.id), staff)).json().areas).toHaveLength(2);
    // The product page reads it with the product, for everyone.
    const page = await call(app, 'GET', `/api/product/${plate.slug}`);
    expect(page.json().personalisation).toMatchObject({ baseImage: { width: 1000 }, areas: [{ id: 'name' }, { id: 'photo' }] });

    expect((await save(plate.id, { baseImageId: 'plate-1', areas: [nameArea, cityArea, photoArea] })).statusCode).toBe(200);
    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, plate.id), eq(auditLog.action, 'product.personalisation')));
    expect(audits).toHaveLength(2);

    const plain = await product(ctx, {});
    expect((await call(app, 'GET', `/api/product/${plain.slug}`)).json().personalisation).toBeNull();
    const other = await personalised(ctx, 'text');
    await ctx.handle.db
      .update(products)
      .set({ images: [baseImage] })
      .where(eq(products.id, other.id));
    expect((await save(other.id, { baseImageId: 'plate-1', areas: [nameArea] })).statusCode).toBe(200);
    expect((await call(app, 'DELETE', templatePath(other.id), staff)).statusCode).toBe(204);
    expect((await call(app, 'DELETE', templatePath(other.id), staff)).json().code).toBe('template_not_found');
    expect((await call(app, 'GET', `/api/product/${other.slug}`)).json().personalisation).toBeNull();
  });

  it('refuses bad geometry and settings with codes naming the field', async () => {
    const refused = async (body: unknown, id = plate.id) => {
      const response = await save(id, body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      return response.json();
    };
    const outside = await refused({ baseImageId: 'plate-1', areas: [{ ...nameArea, x: 0.5, w: 0.6 }] });
    expect(outside.code).toBe('validation_failed');
    expect(outside.errors['areas.0.w'].code).toBe('template_area_outside');
    const sizes = await refused({ baseImageId: 'plate-1', areas: [{ ...nameArea, minSize: 90, maxSize: 40 }] });
    expect(sizes.errors['areas.0.minSize'].code).toBe('template_font_sizes_order');
    // 0.2 × 500 px = 100 px high: a smallest size of 90 px (× 1.2 line height) does not fit; known only with the photo.
    expect((await refused({ baseImageId: 'plate-1', areas: [{ ...nameArea, minSize: 90, maxSize: 100 }] })).errors['areas.0.minSize'].code).toBe(
      'template_font_too_tall',
    );
    expect((await refused({ baseImageId: 'plate-1', areas: [{ ...nameArea, maxChars: 0 }] })).errors['areas.0.maxChars'].code).toBe(
      'template_max_chars_invalid',
    );
    const font = await refused({ baseImageId: 'plate-1', areas: [{ ...nameArea, font: 'https://fonts.example/x.woff2' }] });
    expect(font.errors['areas.0.font'].code).toBe('template_font_invalid');
    expect((await refused({ baseImageId: 'plate-1', areas: [{ ...photoArea, aspect: 0 }] })).errors['areas.0.aspect'].code).toBe('template_aspect_invalid');
    expect((await refused({ baseImageId: 'someone-elses', areas: [nameArea] })).errors.baseImageId.code).toBe('template_base_image_invalid');
    expect((await refused({ baseImageId: 'plate-1', areas: [] })).errors.areas.code).toBe('template_areas_invalid');
    const plain = await product(ctx, {});
    expect((await refused({ baseImageId: 'plate-1', areas: [nameArea] }, plain.id)).code).toBe('template_product_not_personalised');
    expect((await refused({ baseImageId: 'plate-1', areas: [nameArea] }, '00000000-0000-4000-8000-000000000000')).code).toBe('admin_product_not_found');
  });

  it('keeps the texts, photo and preview on the order line and prefills the customisation dialog', async () => {
    expect((await save(plate.id, { baseImageId: 'plate-1', areas: [nameArea, cityArea, photoArea] })).statusCode).toBe(200);
    const previewId = await uploadOne(asha, await png(600, 300));
    const photoId = await uploadOne(asha, await phonePhoto(), 'image/jpeg');
    const placed = await order(asha, [
      { productId: plate.id, quantity: 2, personalisation: { texts: { name: ' Asha Rao ', city: 'Pune' }, photos: { photo: photoId }, previewId } },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json()._id;

    const mine = (await call(app, 'GET', `/api/user/order/${id}`, asha)).json();
    const [line] = mine.items;
    expect(line.personalisation).toMatchObject({
      texts: { name: 'Asha Rao', city: 'Pune' },
      photos: { photo: { id: photoId } },
      preview: { id: previewId, original: `/api/user/uploads/${previewId}/display` },
    });
    // The dialog's per-unit blocks: every unit the labelled texts and the photo box's photo (decision 120); the
    // first unit has the upload itself, the second a row of its own naming the same stored image.
    const [first, second] = line.customisation.units;
    expect(line.customisation.units).toHaveLength(2);
    expect(first).toEqual({ text: 'Name: Asha Rao | City: Pune', customization_image: [expect.objectContaining({ id: photoId })] });
    expect(second).toEqual({ text: 'Name: Asha Rao | City: Pune', customization_image: [expect.objectContaining({ id: expect.any(String) })] });
    const copyId = second.customization_image[0].id as string;
    expect(copyId).not.toBe(photoId);
    const bytesOf = async (uploadId: string) => {
      const served = await call(app, 'GET', `/api/user/uploads/${uploadId}/display`, asha);
      expect(served.statusCode).toBe(200);
      return served.rawPayload;
    };
    expect(await bytesOf(copyId)).toEqual(await bytesOf(photoId));

    // Staff see the line's preview on the order in the back office, and can open the image; the order's owner too (her
    // order page shows it); another customer gets neither the order nor the image, each a 404 with its code.
    const admin = (await call(app, 'GET', `/api/admin/orders/${id}`, staff)).json();
    expect(admin.order.items[0].personalisation.preview.id).toBe(previewId);
    for (const [who, size] of [
      [staff, 'display'],
      [asha, 'display'],
      [asha, 'thumbnail'],
    ] as const) {
      const image = await call(app, 'GET', `/api/user/uploads/${previewId}/${size}`, who);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
      expect(image.headers['cache-control']).toBe('private, max-age=86400');
    }
    const theirs = await call(app, 'GET', `/api/user/uploads/${previewId}/display`, other);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'upload_not_found']);
    const theirOrder = await call(app, 'GET', `/api/user/order/${id}`, other);
    expect([theirOrder.statusCode, theirOrder.json().code]).toEqual([404, 'order_not_found']);
    expect((await call(app, 'GET', `/api/user/uploads/${previewId}/display`, undefined)).statusCode).toBe(401);

    // The preview is kept by housekeeping long after a day, though no unit uses it.
    await ctx.handle.db.update(customisationUploads).set({ createdAt: new Date(Date.now() - 7 * 86_400_000) });
    await pruneOnce(ctx.handle.db, 100, app.objectStore);
    expect(await ctx.handle.db.select().from(customisationUploads).where(eq(customisationUploads.id, previewId))).toHaveLength(1);
    const [row] = await ctx.handle.db.select().from(orderLinePersonalisations).where(eq(orderLinePersonalisations.previewUploadId, previewId));
    expect(row?.texts).toEqual({ name: 'Asha Rao', city: 'Pune' });

    // The first unit's photo changed in the dialog: its upload is left unused and pruned, but the image it shared
    // with the second unit stays, until no row names it.
    const replacement = await uploadOne(asha, await phonePhoto(), 'image/jpeg');
    const changed = await call(app, 'POST', '/api/user/order/customized-add', asha, {
      productId: plate.id,
      orderId: id,
      customisation: [
        { text: 'Asha', images: [replacement] },
        { text: 'Asha', images: [copyId] },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await ctx.handle.db.update(customisationUploads).set({ createdAt: new Date(Date.now() - 7 * 86_400_000) });
    await pruneOnce(ctx.handle.db, 100, app.objectStore);
    expect(await ctx.handle.db.select().from(customisationUploads).where(eq(customisationUploads.id, photoId))).toHaveLength(0);
    expect((await call(app, 'GET', `/api/user/uploads/${copyId}/display`, asha)).statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/user/uploads/${copyId}/thumbnail`, asha)).statusCode).toBe(200);
    // Both units changed: the last row naming the image is pruned, and the image with it.
    const [key] = await ctx.handle.db.select({ key: customisationUploads.displayKey }).from(customisationUploads).where(eq(customisationUploads.id, copyId));
    const again = await call(app, 'POST', '/api/user/order/customized-add', asha, {
      productId: plate.id,
      orderId: id,
      customisation: [
        { text: 'Asha', images: [replacement] },
        { text: 'Asha', images: [await uploadOne(asha, await phonePhoto(), 'image/jpeg')] },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    await ctx.handle.db.update(customisationUploads).set({ createdAt: new Date(Date.now() - 7 * 86_400_000) });
    await pruneOnce(ctx.handle.db, 100, app.objectStore);
    expect(await ctx.handle.db.select().from(customisationUploads).where(eq(customisationUploads.id, copyId))).toHaveLength(0);
    expect(await app.objectStore.exists(key!.key)).toBe(false);
  });

  it("refuses values the template does not take, and another's or a used upload, naming the field", async () => {
    expect((await save(plate.id, { baseImageId: 'plate-1', areas: [nameArea, photoArea] })).statusCode).toBe(200);
    const previewId = await uploadOne(asha, await png(60, 30));
    const line = (personalisation: unknown) => [{ productId: plate.id, quantity: 1, personalisation }];

    const empty = (await order(asha, line({ texts: { name: '  ' }, previewId }))).json();
    expect(empty.code).toBe('personal_text_required');
    expect(empty.errors['items.0.personalisation.texts.name']).toMatchObject({ code: 'personal_text_required', params: { label: 'Name' } });
    const long = (await order(asha, line({ texts: { name: 'x'.repeat(15) }, previewId }))).json();
    expect(long.errors['items.0.personalisation.texts.name']).toMatchObject({ code: 'personal_text_too_long', params: { max: 14 } });
    expect((await order(asha, line({ texts: { name: 'A', nope: 'B' }, previewId }))).json().errors['items.0.personalisation.texts.nope'].code).toBe(
      'personal_area_unknown',
    );
    const theirs = await uploadOne(other, await png(60, 30));
    expect((await order(asha, line({ texts: { name: 'A' }, previewId: theirs }))).json().errors['items.0.personalisation.previewId'].code).toBe(
      'image_not_found',
    );
    const plain = await product(ctx, {});
    expect(
      (await order(asha, [{ productId: plain.id, quantity: 1, personalisation: { texts: {}, previewId } }])).json().errors['items.0.personalisation'].code,
    ).toBe('personal_not_offered');

    expect((await order(asha, line({ texts: { name: 'Asha' }, previewId }))).statusCode).toBe(201);
    // The same preview again: it belongs to that order line now.
    expect((await order(asha, line({ texts: { name: 'Asha' }, previewId }))).json().errors['items.0.personalisation.previewId'].code).toBe('image_in_use');
  });
});
