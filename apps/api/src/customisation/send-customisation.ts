import { customisationUploads, type Database, orderLineCustomisations } from '@shop/db';
import { checkCustomisation, type CustomisationEntry, shapeCustomisation } from '@shop/domain/customisation';
import { type FieldRefusal, fieldRefusal, type RefusalCode } from '@shop/domain/refusals/index';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';
import { findOpenLine, type LineQuery } from './find-line.ts';

export interface SendRequest extends LineQuery {
  customisation: CustomisationEntry[];
}

/** Every field's refusal at once; the refusal itself is the first field's (its code, params and text). */
function refuseIfAny(errors: Record<string, FieldRefusal>): void {
  const [first] = Object.values(errors);
  if (first) throw new Refusal(first.code as RefusalCode, { params: first.params, errors });
}

/**
 * Stores what the customer sent for one order line (customized-add), or replaces what they sent before. Everything
 * happens in one transaction that first locks the order row (findOpenLine), so a concurrent status change or a
 * concurrent second submit cannot interleave: the second one waits, then sees the new status or the photos taken.
 * Answers nothing; the route answers the order as it now is.
 */
export async function sendCustomisation(db: Database, userId: string, request: SendRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const { line } = await findOpenLine(tx, userId, request, true);

    // Spec §5: the stray field is dropped, then the rules for the type, mediaLimit and the ordered quantity.
    const entries = shapeCustomisation(line.customization.type, request.customisation);
    const errors = checkCustomisation(line.customization, line.quantity, entries);
    refuseIfAny(errors);

    // Each photo once: the same id twice in one request is a photo used for two units.
    const seen = new Set<string>();
    entries.forEach((entry, unit) => {
      for (const id of entry.images) {
        if (seen.has(id)) errors[`customisation.${unit}.images`] ??= fieldRefusal('image_in_use');
        seen.add(id);
      }
    });

    const ids = [...seen];
    // Locked in id order, so two submits sharing photos cannot deadlock. Another user's upload is simply not
    // found here, exactly like an id that never existed.
    const rows = ids.length
      ? await tx
          .select({ id: customisationUploads.id, lineId: customisationUploads.lineId })
          .from(customisationUploads)
          .where(and(inArray(customisationUploads.id, ids), eq(customisationUploads.userId, userId)))
          .orderBy(asc(customisationUploads.id))
          .for('update')
      : [];
    const found = new Map(rows.map((row) => [row.id, row.lineId]));
    entries.forEach((entry, unit) => {
      for (const id of entry.images) {
        const usedBy = found.get(id);
        if (usedBy === undefined) errors[`customisation.${unit}.images`] ??= fieldRefusal('image_not_found');
        else if (usedBy !== null && usedBy !== line.id) errors[`customisation.${unit}.images`] ??= fieldRefusal('image_in_use');
      }
    });
    refuseIfAny(errors);

    // Replacing frees the photos sent before (housekeeping deletes them a day after upload unless sent again).
    await tx.update(customisationUploads).set({ lineId: null, unit: null, position: null }).where(eq(customisationUploads.lineId, line.id));
    const places = entries.flatMap((entry, unit) => entry.images.map((id, position) => ({ id, unit, position })));
    if (places.length) {
      const values = sql.join(
        places.map((place) => sql`(${place.id}::uuid, ${place.unit}::int, ${place.position}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${customisationUploads} as u
           set line_id = ${line.id}, unit = v.unit, position = v.position
          from (values ${values}) as v(id, unit, position)
         where u.id = v.id`);
    }
    const texts = entries.map((entry) => entry.text);
    await tx
      .insert(orderLineCustomisations)
      .values({ lineId: line.id, texts, sentAt: sql`now()` })
      .onConflictDoUpdate({ target: orderLineCustomisations.lineId, set: { texts, sentAt: sql`now()` } });
  });
}
