import type { MetadataRoute } from 'next';
import { categorySchema, paginatedSchema, productSummarySchema } from '@shop/domain/catalogue';
import type { z } from 'zod';
import { apiGet } from '@lib/api/client';
import { siteUrl } from '@modules/layout/site-url';
import { sitemapEntries, sitemapPageSize, sitemapProductCap } from '@modules/layout/sitemap-entries';

// Built per request (and cached by the data cache): the build runs with no API.
export const dynamic = 'force-dynamic';

/**
 * Reads a paginated list page by page up to `cap` items. A failed page ends the walk and keeps
 * what was read, so a hiccup late in the walk still yields a useful sitemap.
 */
async function collect<T extends z.ZodType>(item: T, path: string, limit: number, cap: number, tags: string[], extra: Record<string, string> = {}) {
  const schema = paginatedSchema(item);
  const items: z.output<T>[] = [];
  for (let page = 1; items.length < cap; page += 1) {
    try {
      const result = await apiGet(path, { query: { page, limit, ...extra }, tags, revalidate: 3600, schema });
      items.push(...result.data);
      if (!result.hasMore || result.data.length === 0) break;
    } catch {
      break;
    }
  }
  return items;
}

/** Home, shop, categories, every category and product page; the static routes alone if the API fails. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [categories, products] = await Promise.all([
    collect(categorySchema, '/api/categories', 200, 2000, ['categories']),
    collect(productSummarySchema, '/api/products', sitemapPageSize, sitemapProductCap, ['products'], { sort: 'newest' }),
  ]);
  return sitemapEntries(siteUrl(), categories, products);
}
