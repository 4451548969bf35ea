import { type Database, siteSettings } from '@shop/db';
import { DEFAULT_GIFT_SETTINGS, type GiftSettings, giftSettingsOf } from '@shop/domain/gift/gift-settings';
import { asc } from 'drizzle-orm';

/** The shop's gifting settings (issue 24) from site settings; the defaults when the shop has no settings row yet. */
export async function loadGiftSettings(db: Pick<Database, 'select'>): Promise<GiftSettings> {
  const [row] = await db.select({ gifting: siteSettings.gifting }).from(siteSettings).orderBy(asc(siteSettings.createdAt)).limit(1);
  return row ? giftSettingsOf(row.gifting) : DEFAULT_GIFT_SETTINGS;
}
