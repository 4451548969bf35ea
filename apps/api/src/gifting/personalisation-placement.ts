import { customisationUploads, type Database, orderLineCustomisations, orderLinePersonalisations, personalisationTemplates } from '@shop/db';
import type { ProductCustomisation } from '@shop/domain/catalogue';
import {
  checkPersonalisation,
  customisationPhotosOf,
  customisationTextOf,
  type PersonalisationValues,
  type TemplateArea,
} from '@shop/domain/gift/personalisation';
import type { PlaceOrderValues } from '@shop/domain/order';
import { type FieldRefusal, fieldRefusal, type RefusalCode } from '@shop/domain/refusals/index';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';

type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

/** One personalised line of a request, checked: its index in `items`, the values, and its template's areas. */
export interface PersonalLine {
  index: number;
  values: PersonalisationValues;
  areas: TemplateArea[];
}

function refuseIfAny(errors: Record<string, FieldRefusal>): void {
  const [first] = Object.values(errors);
  if (first) throw new Refusal(first.code as RefusalCode, { params: first.params, errors });
}

/**
 * The live preview's values of the lines of an order request (issue 24, decision 107), checked before anything is
 * written: the product has a template, the values fit it (domain's checkPersonalisation), and every photo and the
 * rendered preview are the caller's own uploads, each used once and by no order line yet. Refusals name the field
 * (`items.0.personalisation.texts.name`). No query when no line is personalised.
 */
export async function checkPersonalLines(db: Pick<Database, 'select'>, userId: string, items: PlaceOrderValues['items']): Promise<PersonalLine[]> {
  const asked = items.flatMap((item, index) =>
    item.personalisation ? [{ index, productId: item.productId.toLowerCase(), values: item.personalisation }] : [],
  );
  if (asked.length === 0) return [];
  const templates = await db
    .select({ productId: personalisationTemplates.productId, areas: personalisationTemplates.areas })
    .from(personalisationTemplates)
    .where(
      inArray(
        personalisationTemplates.productId,
        asked.map((line) => line.productId),
      ),
    );
  const areasOf = new Map(templates.map((row) => [row.productId, row.areas]));
  const errors: Record<string, FieldRefusal> = {};
  const lines: PersonalLine[] = [];
  const uses = new Map<string, string>();
  for (const line of asked) {
    const field = `items.${line.index}.personalisation`;
    const areas = areasOf.get(line.productId);
    if (!areas) {
      errors[field] = fieldRefusal('personal_not_offered');
      continue;
    }
    for (const [key, refusal] of Object.entries(checkPersonalisation({ areas }, line.values))) errors[`${field}.${key}`] = refusal;
    const ids: [string, string][] = [
      [`${field}.previewId`, line.values.previewId.toLowerCase()],
      ...Object.entries(line.values.photos).map(([area, id]): [string, string] => [`${field}.photos.${area}`, id.toLowerCase()]),
    ];
    for (const [key, id] of ids) {
      if (uses.has(id)) errors[key] ??= fieldRefusal('image_in_use');
      uses.set(id, key);
    }
    lines.push({ index: line.index, values: line.values, areas });
  }
  refuseIfAny(errors);

  const found = await db
    .select({ id: customisationUploads.id, lineId: customisationUploads.lineId, preview: orderLinePersonalisations.lineId })
    .from(customisationUploads)
    .leftJoin(orderLinePersonalisations, eq(orderLinePersonalisations.previewUploadId, customisationUploads.id))
    .where(and(inArray(customisationUploads.id, [...uses.keys()]), eq(customisationUploads.userId, userId)));
  const byId = new Map(found.map((row) => [row.id, row]));
  for (const [id, key] of uses) {
    const row = byId.get(id);
    if (!row) errors[key] = fieldRefusal('image_not_found');
    else if (row.lineId !== null || row.preview !== null) errors[key] = fieldRefusal('image_in_use');
  }
  refuseIfAny(errors);
  return lines.map((line) => ({
    ...line,
    values: {
      texts: Object.fromEntries(Object.entries(line.values.texts).map(([area, text]) => [area, text.trim()])),
      photos: Object.fromEntries(Object.entries(line.values.photos).map(([area, id]) => [area, id.toLowerCase()])),
      previewId: line.values.previewId.toLowerCase(),
    },
  }));
}

/**
 * Writes the personalised lines' values in the order's transaction: the live preview's row (values and rendered
 * preview), and the spec's per-unit customisation, so the dialog opens prefilled: every unit gets the template's
 * texts as one text (customisationTextOf) and the photo boxes' photos, in the template's order (the shopper
 * personalised the line, not one unit of it). The uploads themselves go to the first unit; every further unit gets
 * rows of its own naming the same stored images (decision 120: an upload row is one unit's, decision 023, and
 * housekeeping removes an image only when no row names it any more), so no bytes are copied and a unit changed in the
 * dialog leaves the others' photos alone. Photos are claimed only while unused (`line_id is null`): one a concurrent
 * request took meanwhile is refused, and the transaction with the order rolls back.
 */
export async function writePersonalLines(
  tx: Writer,
  personal: PersonalLine[],
  lines: { id: string; quantity: number; customization: ProductCustomisation | null }[],
): Promise<void> {
  for (const line of personal) {
    const row = lines[line.index];
    if (!row) continue;
    await tx
      .insert(orderLinePersonalisations)
      .values({ lineId: row.id, texts: line.values.texts, photos: line.values.photos, previewUploadId: line.values.previewId });
    if (!row.customization) continue;
    const text = row.customization.type === 'image' ? '' : customisationTextOf({ areas: line.areas }, line.values.texts);
    await tx.insert(orderLineCustomisations).values({ lineId: row.id, texts: Array.from({ length: row.quantity }, () => text), sentAt: sql`now()` });
    const photos = row.customization.type === 'text' ? [] : customisationPhotosOf({ areas: line.areas }, line.values.photos);
    for (const [position, id] of photos.entries()) {
      const [claimed] = await tx
        .update(customisationUploads)
        .set({ lineId: row.id, unit: 0, position })
        .where(and(eq(customisationUploads.id, id), isNull(customisationUploads.lineId)))
        .returning({ id: customisationUploads.id });
      if (!claimed) throw new Refusal('image_in_use', { errors: { [`items.${line.index}.personalisation.photos`]: fieldRefusal('image_in_use') } });
    }
    if (photos.length > 0 && row.quantity > 1) await sharePhotosWithUnits(tx, row.id, row.quantity);
  }
}

/** Units 2..quantity of a line get rows of their own for the first unit's photos, naming the same stored images. */
async function sharePhotosWithUnits(tx: Writer, lineId: string, quantity: number): Promise<void> {
  await tx.execute(sql`
    insert into ${customisationUploads}
      (user_id, display_key, thumbnail_key, display_type, source_format, source_bytes, width, height, line_id, unit, position)
    select u.user_id, u.display_key, u.thumbnail_key, u.display_type, u.source_format, u.source_bytes, u.width, u.height,
           u.line_id, units.unit, u.position
      from ${customisationUploads} u cross join generate_series(1, ${quantity - 1}::int) as units(unit)
     where u.line_id = ${lineId} and u.unit = 0`);
}

/** For the order's request hash: the same Idempotency-Key must come with the same personalisation. */
export function personalHashPart(items: PlaceOrderValues['items']): unknown[] {
  return items.map((item) => item.personalisation ?? null);
}
