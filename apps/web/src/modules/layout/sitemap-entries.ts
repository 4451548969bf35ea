import type { MetadataRoute } from 'next';
import { locales } from '@lib/locale/config';
import { localeAlternates } from '@lib/locale/alternates';

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

type Entry = MetadataRoute.Sitemap[number];

/**
 * Builds the sitemap entries from what the API returned; pure so it is unit-tested. Every page is listed in each
 * locale (en unprefixed, /hi/…, /ar/…), each entry naming all three and x-default as its hreflang alternates
 * (decision 113): about 15,000 URLs at the product cap, under a sitemap's 50,000.
 */
export function sitemapEntries(base: string, categories: Sluggable[], products: Dated[], now: Date = new Date()): MetadataRoute.Sitemap {
  return pageEntries(categories, products, now).flatMap(({ path, ...entry }) => {
    const { languages } = localeAlternates(path, 'en', base);
    return locales.map((locale): Entry => ({ ...entry, url: languages[locale] ?? base, alternates: { languages } }));
  });
}

/** The pages, unprefixed, with their dates and priorities. */
function pageEntries(categories: Sluggable[], products: Dated[], now: Date): (Omit<Entry, 'url'> & { path: string })[] {
  const entries: (Omit<Entry, 'url'> & { path: string })[] = staticPaths.map((path) => ({
    path,
    lastModified: now,
    changeFrequency: path === '/' || path === '/shop' ? 'daily' : 'weekly',
    priority: path === '/' ? 1 : path === '/shop' || path === '/category' ? 0.8 : 0.3,
  }));
  const seen = new Set<string>();
  for (const category of categories) {
    const path = `/category/${encodeURIComponent(category.slug)}`;
    if (seen.has(path)) continue;
    seen.add(path);
    entries.push({ path, lastModified: now, changeFrequency: 'daily', priority: 0.7 });
  }
  for (const product of products.slice(0, sitemapProductCap)) {
    const path = `/product/${encodeURIComponent(product.slug)}`;
    if (seen.has(path)) continue;
    seen.add(path);
    entries.push({
      path,
      lastModified: product.createdAt ? new Date(product.createdAt) : now,
      changeFrequency: 'weekly',
      priority: 0.6,
    });
  }
  return entries;
}
