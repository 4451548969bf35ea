import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

/**
 * Empties the catalogue tables. No CASCADE: if other data (orders, say) points at products, the
 * database refuses and nothing is lost; the caller reports that. Product reviews belong to their products (the seed
 * writes some), so they go with them, and so do shoppers' wishlist rows and back-in-stock requests (issue 24), which
 * name a product and nothing else, and the personalisation templates drawn on a product's photo (decision 107).
 */
export async function resetCatalogue(db: Database): Promise<void> {
  await db.execute(
    sql`truncate table product_reviews, wishlist_items, stock_alerts, personalisation_templates, product_variants, products, sliders, brands, categories, site_settings`,
  );
}
