import { type Database, siteSettings } from '@shop/db';
import { asc } from 'drizzle-orm';

export type SettingsRow = typeof siteSettings.$inferSelect;
type Reader = Pick<Database, 'select'>;

/**
 * The shop's one settings row (the oldest, as GET /api/headers and the shipping rules read it). `forUpdate` locks it
 * inside a transaction, so two admins saving at once cannot lose each other's change to the menus.
 */
export async function loadSettingsRow(db: Reader, options: { forUpdate?: boolean } = {}): Promise<SettingsRow | null> {
  const query = db.select().from(siteSettings).orderBy(asc(siteSettings.createdAt)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}
