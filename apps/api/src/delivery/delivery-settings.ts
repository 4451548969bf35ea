import { type Database, siteSettings } from '@shop/db';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings, deliverySettingsOf } from '@shop/domain/delivery/delivery-settings';
import { asc } from 'drizzle-orm';

/** The delivery promise's settings from site settings (the defaults when the shop has no settings row yet). */
export async function loadDeliverySettings(db: Pick<Database, 'select'>): Promise<DeliverySettings> {
  const [row] = await db.select({ delivery: siteSettings.delivery }).from(siteSettings).orderBy(asc(siteSettings.createdAt)).limit(1);
  return row ? deliverySettingsOf(row.delivery) : DEFAULT_DELIVERY_SETTINGS;
}
