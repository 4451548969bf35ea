import { type Database, siteSettings } from '@shop/db';
import { type CodSettings, DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { codSettingsOf } from '@shop/domain/cod/cod-settings';
import { asc } from 'drizzle-orm';

/** The shop's COD controls from site settings (the defaults when the shop has no settings row yet). */
export async function loadCodSettings(db: Pick<Database, 'select'>): Promise<CodSettings> {
  const [row] = await db.select({ cod: siteSettings.cod }).from(siteSettings).orderBy(asc(siteSettings.createdAt)).limit(1);
  return row ? codSettingsOf(row.cod) : DEFAULT_COD_SETTINGS;
}
