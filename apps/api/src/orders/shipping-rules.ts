import { type Database, siteSettings } from '@shop/db';
import { DEFAULT_SHIPPING_RULES, type ShippingRules } from '@shop/domain/pricing';
import { asc } from 'drizzle-orm';

/** The shop's shipping rules from site settings (spec §9 defaults when the shop has no settings row yet). */
export async function loadShippingRules(db: Database): Promise<ShippingRules> {
  const [row] = await db
    .select({ freeFrom: siteSettings.freeShippingThreshold, fee: siteSettings.shippingFee })
    .from(siteSettings)
    .orderBy(asc(siteSettings.createdAt))
    .limit(1);
  return row ?? DEFAULT_SHIPPING_RULES;
}
