import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { products } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestContext } from '../helpers.ts';
import { call, product } from '../orders/order-helpers.ts';

/** Uploads, orders with personalised lines and images for the personalisation tests. */

interface FilePart {
  name?: string;
  filename: string;
  contentType: string;
  body: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it: text fields, then files. */
export function multipart(fields: Record<string, string>, files: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----shop${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'files'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload(app: FastifyInstance, who: { cookie: string } | undefined, files: FilePart[], fields: Record<string, string> = {}) {
  const form = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/user/order/customised-uploads',
    headers: { 'content-type': form.contentType, ...(who ? { cookie: who.cookie } : {}) },
    payload: form.body,
  });
}

/** A small photo with a GPS position and a "turn 90° clockwise" EXIF orientation, as a phone writes them. */
export async function phonePhoto(width = 48, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'ShopTestPhone', Model: 'Model 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Whether EXIF data holds a GPS block (the GPS IFD pointer, tag 0x8825, in either byte order). */
export function hasGps(exif: Buffer | undefined): boolean {
  return !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
}

export async function png(width = 20, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function webp(width = 20, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 10 } } })
    .webp()
    .toBuffer();
}

export const heicPhoto = () => readFileSync(new URL('./fixtures/photo.heic', import.meta.url));

export const jpegFile = (body: Buffer, filename = 'photo.jpg'): FilePart => ({ filename, contentType: 'image/jpeg', body });

/** A personalised product (type and mediaLimit) in the catalogue. */
export async function personalised(ctx: TestContext, type: 'text' | 'image' | 'both', mediaLimit = 1, name?: string) {
  const row = await product(ctx, { customizationType: type, name });
  await ctx.handle.db.update(products).set({ mediaLimit }).where(eq(products.id, row.id));
  return row;
}

/** Places an order (cash on delivery) of these products and quantities for `who`; answers the order. */
export async function placeOrder(app: FastifyInstance, who: { cookie: string; addressId: string }, items: { productId: string; quantity: number }[]) {
  const response = await call(app, 'POST', '/api/user/order', who, {
    items: items.map((item) => ({ ...item, variantId: null })),
    addressId: who.addressId,
    paymentMethod: 'cod',
  });
  if (response.statusCode !== 201) throw new Error(`order: ${response.statusCode} ${response.body}`);
  return response.json();
}
