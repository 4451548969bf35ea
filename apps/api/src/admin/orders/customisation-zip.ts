import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { customisationUploads, type Database, orderLines } from '@shop/db';
import type { Order } from '@shop/domain/order';
import { asc, eq, inArray } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ObjectStore } from '../../storage/object-store.ts';

type Reader = Pick<Database, 'select'>;

export const TEXTS_FILE = 'personalisation.txt';

const extensionOf = (contentType: string) => ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' })[contentType] ?? 'img';

/** A name safe in any unzip tool: letters, digits and dashes only, short. */
const safeName = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'item';

/** "line-1-moon-lamp/unit-2-photo-1.webp": the line's place in the order and product, the unit and the photo's place, all 1-based. */
export function photoEntryName(linePosition: number, slug: string, unit: number, position: number, contentType: string): string {
  return `line-${linePosition + 1}-${safeName(slug)}/unit-${unit + 1}-photo-${position + 1}.${extensionOf(contentType)}`;
}

/** The texts file: per personalised line, what each unit should say (or that nothing was sent yet). */
export function customisationTexts(order: Order, missingPhotos: string[]): string {
  const out = [`Order ${order.number}: personalisation`, ''];
  order.items.forEach((line, index) => {
    if (!line.customisation) return;
    const options = Object.entries(line.attributes)
      .map(([key, value]) => `${key}: ${value}`)
      .join(', ');
    out.push(`Line ${index + 1}: ${line.name}${options ? ` (${options})` : ''} x ${line.quantity} [folder line-${index + 1}-${safeName(line.slug)}]`);
    if (!line.customisation.units) out.push('  Details not sent yet');
    else
      line.customisation.units.forEach((unit, u) => {
        const photos = unit.customization_image.length;
        out.push(`  Unit ${u + 1}: ${unit.text ? unit.text : '(no text)'}${photos ? ` (${photos} photo${photos === 1 ? '' : 's'})` : ''}`);
      });
    out.push('');
  });
  if (out.length === 2) out.push('Nothing in this order is personalised.', '');
  if (missingPhotos.length) out.push('Photos that could not be read from storage:', ...missingPhotos.map((name) => `  ${name}`), '');
  return out.join('\r\n');
}

/**
 * The order's personalisation as one zip, streamed: each photo (display size) read from the object store one at a
 * time and stored as it is (WebP/JPEG are already compressed, so no deflate: less CPU, same size), then the texts
 * file. Memory holds one photo at a time, whatever the order's size; the stream waits when the client reads slowly.
 */
export async function customisationZip(db: Reader, store: ObjectStore, order: Order): Promise<Readable> {
  const lineIds = order.items.filter((line) => line.customisation?.units).map((line) => line.id);
  const photos = lineIds.length
    ? await db
        .select({
          position: orderLines.position,
          slug: orderLines.slug,
          unit: customisationUploads.unit,
          place: customisationUploads.position,
          key: customisationUploads.displayKey,
          type: customisationUploads.displayType,
        })
        .from(customisationUploads)
        .innerJoin(orderLines, eq(orderLines.id, customisationUploads.lineId))
        .where(inArray(customisationUploads.lineId, lineIds))
        .orderBy(asc(orderLines.position), asc(customisationUploads.unit), asc(customisationUploads.position))
    : [];

  const output = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void output.destroy(error);
    output.write(chunk);
    if (final) output.end();
  });
  const write = async () => {
    const missing: string[] = [];
    for (const photo of photos) {
      if (output.destroyed) return;
      const name = photoEntryName(photo.position, photo.slug, photo.unit ?? 0, photo.place ?? 0, photo.type);
      const object = await store.get(photo.key);
      if (!object) {
        missing.push(name);
        continue;
      }
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(new Uint8Array(object.body.buffer, object.body.byteOffset, object.body.byteLength), true);
      // A slow reader: wait for it; a client that went away: stop reading photos.
      if (output.writableNeedDrain) await Promise.race([once(output, 'drain'), once(output, 'close')]);
      if (output.destroyed) return;
    }
    const texts = new ZipDeflate(TEXTS_FILE, { level: 6 });
    zip.add(texts);
    texts.push(new TextEncoder().encode(customisationTexts(order, missing)), true);
    zip.end();
  };
  write().catch((error: unknown) => {
    zip.terminate();
    output.destroy(error as Error);
  });
  return output;
}
