import { describe, expect, it } from 'vitest';
import { sitemapEntries, sitemapProductCap } from './sitemap-entries';

const now = new Date('2026-01-01T00:00:00Z');

describe('sitemap entries', () => {
  it('lists the static routes when the API gave nothing', () => {
    const urls = sitemapEntries('https://shop.example', [], [], now).map((e) => e.url);
    expect(urls).toEqual([
      'https://shop.example',
      'https://shop.example/shop',
      'https://shop.example/category',
      'https://shop.example/terms',
      'https://shop.example/privacy',
      'https://shop.example/faq',
    ]);
  });

  it('adds every category and product page once, products dated by creation', () => {
    const entries = sitemapEntries(
      'https://shop.example',
      [{ slug: 'lamps' }, { slug: 'lamps' }, { slug: 'mugs' }],
      [{ slug: 'moon-lamp', createdAt: '2025-05-01T10:00:00Z' }, { slug: 'name plate' }],
      now,
    );
    const urls = entries.map((e) => e.url);
    expect(urls).toContain('https://shop.example/category/lamps');
    expect(urls.filter((u) => u.endsWith('/category/lamps'))).toHaveLength(1);
    expect(urls).toContain('https://shop.example/product/name%20plate');
    expect(entries.find((e) => e.url.endsWith('/moon-lamp'))?.lastModified).toEqual(new Date('2025-05-01T10:00:00Z'));
  });

  it('caps the number of products', () => {
    const products = Array.from({ length: sitemapProductCap + 10 }, (_, i) => ({ slug: `p-${i}` }));
    const entries = sitemapEntries('https://shop.example', [], products, now);
    expect(entries.filter((e) => e.url.includes('/product/'))).toHaveLength(sitemapProductCap);
  });
});
