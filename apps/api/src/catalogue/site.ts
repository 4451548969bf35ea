import type { Database } from '@shop/db';
import { siteSettings } from '@shop/db';
import type { HeadersResponse } from '@shop/domain/catalogue';
import { asc } from 'drizzle-orm';

/** The site settings and the header and mobile menus (GET /api/headers); null before the shop is set up. */
export async function siteHeaders(db: Database): Promise<HeadersResponse | null> {
  const [row] = await db.select().from(siteSettings).orderBy(asc(siteSettings.createdAt)).limit(1);
  if (!row) return null;
  return {
    site: {
      name: row.name,
      description: row.description,
      author: row.author,
      logo: row.logo,
      defaultLanguage: row.defaultLanguage,
      currencyCode: row.currencyCode,
      tollFreeNumber: row.tollFreeNumber,
      contactEmail: row.contactEmail,
      chatWidgetId: row.chatWidgetId,
      analyticsId: row.analyticsId,
      freeShippingThreshold: row.freeShippingThreshold,
      shippingFee: row.shippingFee,
    },
    headerMenu: row.headerMenu ?? [],
    mobileMenu: row.mobileMenu ?? [],
  };
}
