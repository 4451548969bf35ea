import { describe, expect, it } from 'vitest';
import { sitemapEntries, sitemapProductCap } from './sitemap-entries';

const now = new Date('2026-01-01T00:00:00Z');

describe('sitemap entries', () => {
  it('lists the static routes when the API gave nothing, each in en, hi and ar', () => {
    const urls = sitemapEntries('https://shop.example', [], [], now).map((e) => e.url);
    expect(urls).toEqual(
      ['', '/shop', '/category', '/terms', '/privacy', '/faq'].flatMap((path) => [
        `https://shop.example${path}`,
        `https://shop.example/hi${path}`,
        `https://shop.example/ar${path}`,
      ]),
    );
  });

  it('names every locale and x-default as the hreflang alternates of each entry', () => {
    const entries = sitemapEntries('https://shop.example', [], [{ slug: 'moon-lamp' }], now).filter((e) => e.url.includes('/product/'));
    expect(entries.map((e) => e.url)).toEqual([
      'https://shop.example/product/moon-lamp',
      'https://shop.example/hi/product/moon-lamp',
      'https://shop.example/ar/product/moon-lamp',
    ]);
    for (const entry of entries)
      expect(entry.alternates?.languages).toEqual({
        en: 'https://shop.example/product/moon-lamp',
        hi: 'https://shop.example/hi/product/moon-lamp',
        ar: 'https://shop.example/ar/product/moon-lamp',
        'x-default': 'https://shop.example/product/moon-lamp',
      });
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
    expect(urls.filter((u) => u === 'https://shop.example/category/lamps')).toHaveLength(1);
    expect(urls).toContain('https://shop.example/ar/category/lamps');
    expect(urls).toContain('https://shop.example/product/name%20plate');
    expect(entries.find((e) => e.url.endsWith('/moon-lamp'))?.lastModified).toEqual(new Date('2025-05-01T10:00:00Z'));
  });

  it('caps the number of products', () => {
    const products = Array.from({ length: sitemapProductCap + 10 }, (_, i) => ({ slug: `p-${i}` }));
    const entries = sitemapEntries('https://shop.example', [], products, now);
    expect(entries.filter((e) => e.url.includes('/product/'))).toHaveLength(sitemapProductCap * 3);
  });
});
