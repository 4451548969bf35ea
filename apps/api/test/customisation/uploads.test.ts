import { customisationUploads } from '@shop/db';
import { MAX_MEDIA_LIMIT } from '@shop/domain/customisation';
import { refusalMessage } from '@shop/domain/refusals/index';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp, authContext } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, makeStaff, roomyLimits } from '../orders/order-helpers.ts';
import { hasGps, heicPhoto, jpegFile, multipart, personalised, phonePhoto, placeOrder, png, upload, webp } from './customisation-helpers.ts';

/**
 * POST /api/user/order/customised-uploads and GET /api/user/uploads/{id}/{size} (issue 5), on PGlite and PostgreSQL:
 * what is accepted (by bytes), what is refused and with which message, what is stored (re-encoded, no metadata), and
 * who may see it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(engines)('personalisation uploads (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let asha: Awaited<ReturnType<typeof customer>>;
  let ravi: Awaited<ReturnType<typeof customer>>;
  let staff: Awaited<ReturnType<typeof customer>>;

  beforeAll(async () => {
    // These customers place more orders than the abuse limits allow (issue 19); the limits have their own tests.
    ctx = await authContext(engine, roomyLimits);
    app = ctx.app;
    [asha, ravi, staff] = [await customer(ctx), await customer(ctx), await customer(ctx)];
    await makeStaff(ctx, staff.userId);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const stored = async (id: string) => {
    const [row] = await ctx.handle.db.select().from(customisationUploads).where(eq(customisationUploads.id, id));
    return row!;
  };
  /** Refused on `files` with `code` (the refusal's own code too), its text and params. */
  const refused = (response: { statusCode: number; json(): any }, status: number, code: string, message: string, params?: Record<string, unknown>) => {
    const body = expectRefusal(response, status, code, { files: code });
    const field = params ? { code, message, params } : { code, message };
    expect(body).toEqual({ ...field, errors: { files: field } });
  };
  const fileType = refusalMessage('file_type');

  it('asks for sign-in (401)', async () => {
    const response = await upload(app, undefined, [jpegFile(await phonePhoto())]);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'not_signed_in', message: 'Sign in to continue' });
  });

  it('takes JPEG, PNG, WebP and HEIC by their bytes and answers a reference per file, in order', async () => {
    const response = await upload(app, asha, [
      jpegFile(await phonePhoto()),
      { filename: 'a.png', contentType: 'image/png', body: await png() },
      // The declared type and name do not matter: the bytes do.
      { filename: 'not-really.txt', contentType: 'text/plain', body: await webp() },
      { filename: 'IMG_0001.HEIC', contentType: 'image/heic', body: heicPhoto() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const images = response.json();
    expect(images).toHaveLength(4);
    for (const image of images) {
      expect(image).toEqual({
        id: expect.stringMatching(UUID),
        original: `/api/user/uploads/${image.id}/display`,
        thumbnail: `/api/user/uploads/${image.id}/thumbnail`,
      });
    }
    const rows = await Promise.all(images.map((image: { id: string }) => stored(image.id)));
    expect(rows.map((row) => row.sourceFormat)).toEqual(['jpeg', 'png', 'webp', 'heif']);
    expect(rows.every((row) => row.userId === asha.userId && row.lineId === null)).toBe(true);
    // Keys are random, never the client's file name.
    expect(rows.map((row) => row.displayKey).join(' ')).not.toMatch(/IMG_0001|not-really|photo|a\.png/);

    // The HEIC (64x48, HEVC-coded) was decoded and re-encoded.
    const heic = await app.objectStore.get(rows[3]!.displayKey);
    expect(await sharp(heic!.body).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('re-encodes: upright by EXIF orientation, no EXIF or GPS left, an 80x80 thumbnail and a display image', async () => {
    const original = await phonePhoto(48, 32);
    const source = await sharp(original).metadata();
    expect(hasGps(source.exif)).toBe(true);
    expect(source.orientation).toBe(6);
    const [image] = (await upload(app, asha, [jpegFile(original)])).json();
    const row = await stored(image.id);
    const display = await app.objectStore.get(row.displayKey);
    const thumbnail = await app.objectStore.get(row.thumbnailKey);
    const displayMeta = await sharp(display!.body).metadata();
    const thumbMeta = await sharp(thumbnail!.body).metadata();
    // Orientation 6 (turned 90°): the stored image is upright, 32 wide and 48 high, and says nothing about rotation.
    expect(displayMeta).toMatchObject({ format: 'webp', width: 32, height: 48 });
    expect(thumbMeta).toMatchObject({ format: 'webp', width: 80, height: 80 });
    for (const meta of [displayMeta, thumbMeta]) {
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(display!.body.includes(Buffer.from('ShopTestPhone'))).toBe(false);
    expect(row).toMatchObject({ width: 32, height: 48, displayType: 'image/webp', sourceBytes: original.length });
  });

  it('keeps a large photo to DISPLAY_MAX_SIDE on its longest side', async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#888' } })
      .jpeg({ quality: 30 })
      .toBuffer();
    const [image] = (await upload(app, ravi, [jpegFile(big)])).json();
    const row = await stored(image.id);
    expect(row).toMatchObject({ width: 2048, height: 683 });
  });

  it('refuses a renamed text file, an SVG, an HTML file and a GIF (415, by bytes)', async () => {
    refused(await upload(app, asha, [jpegFile(Buffer.from('just some text, honestly a photo'), 'holiday.jpg')]), 415, 'file_type', fileType);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    refused(await upload(app, asha, [{ filename: 'logo.svg', contentType: 'image/svg+xml', body: svg }]), 415, 'file_type', fileType);
    refused(await upload(app, asha, [jpegFile(svg, 'logo.jpg')]), 415, 'file_type', fileType);
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    refused(await upload(app, asha, [{ filename: 'page.png', contentType: 'image/png', body: html }]), 415, 'file_type', fileType);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    refused(await upload(app, asha, [{ filename: 'a.gif', contentType: 'image/gif', body: gif }]), 415, 'file_type', fileType);
  });

  it('refuses polyglots: a real JPEG with a script, an SVG or PHP inside (any case)', async () => {
    const photo = await phonePhoto();
    for (const tail of ['<script>alert(document.cookie)</script>', '<SVG onload=alert(1)>', '<?php system($_GET["c"]); ?>', '<HTML>', '<!DOCTYPE html>']) {
      refused(await upload(app, asha, [jpegFile(Buffer.concat([photo, Buffer.from(tail)]))]), 415, 'file_type', fileType);
    }
    // The same photo alone is fine.
    expect((await upload(app, asha, [jpegFile(photo)])).statusCode).toBe(201);
  });

  it('refuses a 116 KB PNG declaring 39.7 megapixels from its header, before decoding it (400, IMAGE_MAX_MEGAPIXELS 25)', async () => {
    // Issue 19's finding: all zeros compress to almost nothing; decoded it would be 40 MB of pixels per copy.
    const huge = await sharp(Buffer.alloc(7_700 * 5_160), { raw: { width: 7_700, height: 5_160, channels: 1 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(200 * 1024);
    const decodedBefore = app.images.queue.counts;
    refused(
      await upload(app, await customer(ctx), [{ filename: 'huge.png', contentType: 'image/png', body: huge }]),
      400,
      'too_many_pixels',
      'Each photo must be 25 megapixels or fewer',
      { max: 25 },
    );
    // Refused from the header: it never reached the decode queue.
    expect(app.images.queue.counts).toEqual(decodedBefore);
  });

  it('takes the limit from IMAGE_MAX_MEGAPIXELS', async () => {
    const strict = await anotherApp(ctx, { images: { maxMegapixels: 1, concurrency: 1, queueLimit: 1 } });
    const nina = await customer(ctx);
    try {
      refused(await upload(strict, nina, [jpegFile(await phonePhoto(1_200, 1_000))]), 400, 'too_many_pixels', 'Each photo must be 1 megapixels or fewer', {
        max: 1,
      });
      expect((await upload(strict, nina, [jpegFile(await phonePhoto(1_000, 1_000))])).statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('refuses an upload with 503 images_busy and Retry-After while every decoder is busy and the queue is full', async () => {
    const busy = await anotherApp(ctx, { images: { maxMegapixels: 25, concurrency: 1, queueLimit: 0 } });
    const omar = await customer(ctx);
    let release = () => {};
    const held = busy.images.queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const response = await upload(busy, omar, [jpegFile(await phonePhoto())]);
      expectRefusal(response, 503, 'images_busy');
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      release();
      await held;
    }
    expect((await upload(busy, omar, [jpegFile(await phonePhoto())])).statusCode).toBe(201);
    await busy.close();
  });

  it('refuses a malformed multipart body with 400 upload_malformed (a truncated body, a missing boundary)', async () => {
    const form = multipart({}, [jpegFile(await phonePhoto())]);
    const priya = await customer(ctx);
    const send = (contentType: string, payload: Buffer) =>
      app.inject({ method: 'POST', url: '/api/user/order/customised-uploads', headers: { 'content-type': contentType, cookie: priya.cookie }, payload });
    expectRefusal(await send(form.contentType, form.body.subarray(0, 120)), 400, 'upload_malformed', { request: 'upload_malformed' });
    expectRefusal(await send('multipart/form-data', form.body), 400, 'upload_malformed', { request: 'upload_malformed' });
    expectRefusal(await send('multipart/form-data; boundary=x', Buffer.from('garbage\r\n--x\r\nbad')), 400, 'upload_malformed');
  });

  it('refuses an 11 MB file while it streams (413 naming files)', async () => {
    const photo = await phonePhoto();
    const large = Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024 - photo.length, 0)]);
    refused(await upload(app, asha, [jpegFile(large)]), 413, 'file_too_large', 'Each photo must be 10 MB or smaller', { max: 10 });
  });

  it('refuses a truncated photo that only looks like one (400 unreadable)', async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    refused(
      await upload(app, asha, [{ filename: 'cut.png', contentType: 'image/png', body: photo.subarray(0, 60) }]),
      400,
      'unreadable',
      refusalMessage('unreadable'),
    );
  });

  it('refuses a damaged HEIC whose header reads but whose picture does not decode (400 unreadable)', async () => {
    const heic = heicPhoto();
    refused(
      await upload(app, asha, [{ filename: 'cut.heic', contentType: 'image/heic', body: heic.subarray(0, heic.length - 24) }]),
      400,
      'unreadable',
      refusalMessage('unreadable'),
    );
  });

  it('is all or nothing: one bad file keeps none of the request', async () => {
    const before = await ctx.handle.db.select().from(customisationUploads).where(eq(customisationUploads.userId, ravi.userId));
    refused(await upload(app, ravi, [jpegFile(await phonePhoto()), jpegFile(Buffer.from('text'), 'x.jpg')]), 415, 'file_type', fileType);
    const after = await ctx.handle.db.select().from(customisationUploads).where(eq(customisationUploads.userId, ravi.userId));
    expect(after).toHaveLength(before.length);
  });

  it("wants at least one file, and at most 10 per request (or the line's mediaLimit when the line is named)", async () => {
    const noFiles = refusalMessage('no_files');
    refused(await upload(app, asha, []), 400, 'no_files', noFiles);
    refused(await call(app, 'POST', '/api/user/order/customised-uploads', asha, { files: [] }), 400, 'no_files', noFiles);
    // Someone else (the upload limit is per customer): a file in another field, an empty file, too many fields.
    const meera = await customer(ctx);
    refused(await upload(app, meera, [{ name: 'photo', filename: 'a.png', contentType: 'image/png', body: await png(4, 4) }]), 400, 'no_files', noFiles);
    refused(
      await upload(app, meera, [{ filename: 'empty.png', contentType: 'image/png', body: Buffer.alloc(0) }]),
      400,
      'unreadable',
      refusalMessage('unreadable'),
    );
    const fields = Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`note${index}`, 'x']));
    expectRefusal(await upload(app, meera, [], fields), 413, 'too_many_fields', { request: 'too_many_fields' });
    const small = await png(4, 4);
    const eleven = Array.from({ length: MAX_MEDIA_LIMIT + 1 }, (_, index) => ({ filename: `${index}.png`, contentType: 'image/png', body: small }));
    refused(await upload(app, asha, eleven), 400, 'too_many_files', 'Upload at most 10 photos at a time', { max: MAX_MEDIA_LIMIT });
    expect((await upload(app, asha, eleven.slice(0, MAX_MEDIA_LIMIT))).statusCode).toBe(201);

    const frame = await personalised(ctx, 'image', 2);
    const order = await placeOrder(app, asha, [{ productId: frame.id, quantity: 1 }]);
    const line = { orderId: order._id, productId: frame.id };
    refused(await upload(app, asha, eleven.slice(0, 3), line), 400, 'too_many_files', 'Upload at most 2 photos at a time', { max: 2 });
    expect((await upload(app, asha, eleven.slice(0, 2), line)).statusCode).toBe(201);
    // Named lines must be the caller's, in the order and personalised.
    const other = await upload(app, ravi, eleven.slice(0, 1), line);
    const notFound = { code: 'customisation_order_not_found', message: 'Order not found' };
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ ...notFound, errors: { orderId: notFound } });
    const bad = await upload(app, asha, eleven.slice(0, 1), { orderId: 'nope', productId: frame.id });
    expect(expectRefusal(bad, 400, 'order_id_invalid', { orderId: 'order_id_invalid' }).message).toBe('Order id is missing or not an order id');
    const half = await upload(app, asha, eleven.slice(0, 1), { orderId: order._id });
    expectRefusal(half, 400, 'product_id_invalid', { productId: 'product_id_invalid' });
    expectRefusal(await upload(app, asha, eleven.slice(0, 1), { ...line, lineId: 'first' }), 400, 'line_id_needed', { lineId: 'line_id_needed' });
    expectRefusal(await upload(app, asha, eleven.slice(0, 1), { ...line, lineId: '00000000-0000-4000-8000-000000000000' }), 404, 'product_not_in_order', {
      lineId: 'product_not_in_order',
    });
  });

  it('serves a photo to its uploader and to staff only, with its type, nosniff and a private cache', async () => {
    const [image] = (await upload(app, asha, [jpegFile(await phonePhoto())])).json();
    for (const [size, url] of [
      ['display', image.original],
      ['thumbnail', image.thumbnail],
    ] as const) {
      const mine = await call(app, 'GET', url, asha);
      expect(mine.statusCode, size).toBe(200);
      expect(mine.headers['content-type']).toBe('image/webp');
      expect(mine.headers['x-content-type-options']).toBe('nosniff');
      expect(mine.headers['cache-control']).toBe('private, max-age=86400');
      expect(mine.headers['content-disposition']).toBe('inline');
      expect(mine.headers['content-security-policy']).toContain("default-src 'none'");
      expect((await sharp(mine.rawPayload).metadata()).format).toBe('webp');
    }
    expect((await call(app, 'GET', image.thumbnail, staff)).statusCode).toBe(200);

    // Another customer gets exactly what a missing id gets; anonymous callers are asked to sign in.
    const theirs = await call(app, 'GET', image.thumbnail, ravi);
    const missing = await call(app, 'GET', '/api/user/uploads/00000000-0000-4000-8000-000000000000/thumbnail', ravi);
    expect(expectRefusal(theirs, 404, 'upload_not_found').message).toBe('Image not found');
    expect(theirs.body).toBe(missing.body);
    expect(theirs.headers['cache-control']).toBe('no-store');
    expectRefusal(await call(app, 'GET', image.thumbnail), 401, 'not_signed_in');
    expectRefusal(await call(app, 'GET', '/api/user/uploads/not-an-id/display', asha), 404, 'upload_not_found');
    expectRefusal(await call(app, 'GET', `/api/user/uploads/${image.id}/original`, asha), 400, 'validation_failed', { size: 'upload_size_invalid' });
  });

  it('over real HTTP, a refusal part-way through the body closes that connection (the server can still shut down)', async () => {
    const server = await anotherApp(ctx);
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.server.address() as { port: number };
      const photo = await phonePhoto();
      const form = new FormData();
      form.append('files', new Blob([Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)])], { type: 'image/jpeg' }), 'big.jpg');
      form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'small.jpg');
      const response = await fetch(`http://127.0.0.1:${port}/api/user/order/customised-uploads`, {
        method: 'POST',
        body: form,
        headers: { cookie: ravi.cookie },
      });
      expect(response.status).toBe(413);
      expect(response.headers.get('connection')).toBe('close');
      expect(await response.json()).toMatchObject({ code: 'file_too_large', message: 'Each photo must be 10 MB or smaller' });
    } finally {
      // Without the close, the half-read connection keeps close() waiting for ever.
      const closed = await Promise.race([server.close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('stuck'), 5_000))]);
      expect(closed).toBe('closed');
    }
  });

  it('limits uploads per customer (429 after 30 in 10 minutes)', async () => {
    const busy = await customer(ctx);
    for (let index = 0; index < 30; index++) expectRefusal(await upload(app, busy, []), 400, 'no_files');
    const limited = expectRefusal(await upload(app, busy, []), 429, 'rate_limited');
    expect(limited.params).toEqual({ minutes: expect.any(Number) });
    // Per customer: someone else is not affected.
    expectRefusal(await upload(app, ravi, []), 400, 'no_files');
  });
});
