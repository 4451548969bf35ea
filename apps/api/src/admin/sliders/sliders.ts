import { type Database, sliders } from '@shop/db';
import { type AdminSlider, linkProblem, type sliderInputSchema } from '@shop/domain/admin/catalogue';
import type { RefusalCode } from '@shop/domain/refusals/index';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { recordAudit } from '../audit.ts';
import { Refusal } from '../../lib/refusal.ts';
import { loadLinkTargets } from '../menus/link-targets.ts';
import { loadSettingsRow } from '../settings/settings-row.ts';

type Input = z.output<typeof sliderInputSchema>;
type SliderRow = typeof sliders.$inferSelect;
type Reader = Pick<Database, 'select'>;

const NOT_FOUND = () => new Refusal('admin_slide_not_found');

function view(row: SliderRow): AdminSlider {
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    link: row.link,
    position: row.position,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A slide's link follows the menus' rules: it must lead to a page of this shop that exists. The settings row is
 * locked first, as a category or brand deletion does before looking for links to it, so the two cannot cross.
 */
async function checkLink(db: Reader & Pick<Database, 'select'>, link: string): Promise<void> {
  await loadSettingsRow(db, { forUpdate: true });
  const problem = linkProblem(link, await loadLinkTargets(db, [link]));
  if (problem) throw new Refusal(problem.code as RefusalCode, { params: problem.params, errors: { link: problem } });
}

export async function listSliders(db: Database): Promise<AdminSlider[]> {
  const rows = await db.select().from(sliders).orderBy(asc(sliders.position), asc(sliders.createdAt));
  return rows.map(view);
}

export async function getSlider(db: Database, id: string): Promise<AdminSlider> {
  const [row] = await db.select().from(sliders).where(eq(sliders.id, id)).limit(1);
  if (!row) throw NOT_FOUND();
  return view(row);
}

export async function createSlider(db: Database, actor: RequestUser, input: Input): Promise<AdminSlider> {
  return db.transaction(async (tx) => {
    await checkLink(tx, input.link);
    const [row] = await tx.insert(sliders).values(input).returning();
    if (!row) throw new Error('insert returned nothing');
    const created = view(row);
    await recordAudit(tx, actor, { action: 'slider.create', entityType: 'slider', entityId: row.id, after: created });
    return created;
  });
}

export async function updateSlider(db: Database, actor: RequestUser, id: string, input: Input): Promise<AdminSlider> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(sliders).where(eq(sliders.id, id)).limit(1).for('update');
    if (!before) throw NOT_FOUND();
    await checkLink(tx, input.link);
    const [row] = await tx.update(sliders).set(input).where(eq(sliders.id, id)).returning();
    if (!row) throw NOT_FOUND();
    const after = view(row);
    await recordAudit(tx, actor, { action: 'slider.update', entityType: 'slider', entityId: id, before: view(before), after });
    return after;
  });
}

export async function deleteSlider(db: Database, actor: RequestUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(sliders).where(eq(sliders.id, id)).returning();
    if (!row) throw NOT_FOUND();
    await recordAudit(tx, actor, { action: 'slider.delete', entityType: 'slider', entityId: id, before: view(row), after: null });
  });
}
