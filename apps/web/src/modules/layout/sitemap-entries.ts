import type { MetadataRoute } from 'next';

/** Most products listed in the sitemap (one file; a sitemap holds at most 50,000 URLs). */
export const sitemapProductCap = 5000;
export const sitemapPageSize = 60;

const staticPaths = ['/', '/shop', '/category', '/terms', '/privacy', '/faq'] as const;

interface Sluggable {
  slug: string;
}
interface Dated extends Sluggable {
  createdAt?: string;
}

/** Builds the sitemap entries from what the API returned; pure so it is unit-tested. */
export function sitemapEntries(base: string, categories: Sluggable[], products: Dated[], now: Date = new Date()): MetadataRoute.Sitemap {
  const entries: MetadataRoute.Sitemap = staticPaths.map((path) => ({
    url: `${base}${path === '/' ? '' : path}` || base,
    lastModified: now,
    changeFrequency: path === '/' || path === '/shop' ? 'daily' : 'weekly',
    priority: path === '/' ? 1 : path === '/shop' || path === '/category' ? 0.8 : 0.3,
  }));
  const seen = new Set<string>();
  for (const category of categories) {
    const url = `${base}/category/${encodeURIComponent(category.slug)}`;
    if (seen.has(url)) continue;
    seen.add(url);
    entries.push({ url, lastModified: now, changeFrequency: 'daily', priority: 0.7 });
  }
  for (const product of products.slice(0, sitemapProductCap)) {
    const url = `${base}/product/${encodeURIComponent(product.slug)}`;
    if (seen.has(url)) continue;
    seen.add(url);
    entries.push({
      url,
      lastModified: product.createdAt ? new Date(product.createdAt) : now,
      changeFrequency: 'weekly',
      priority: 0.6,
    });
  }
  return entries;
}
