import { describe, expect, it } from 'vitest';
import { intentPrefetchHref } from './intent-prefetch-href';

const here = 'https://shop.example/product/brass-lamp?colour=gold';
const link = (href: string, extra: Partial<{ target: string; download: boolean }> = {}) => ({ href, target: '', download: false, ...extra });

describe('intentPrefetchHref', () => {
  it('answers the path and query of an in-app page', () => {
    expect(intentPrefetchHref(link('https://shop.example/category/lamps?sort=newest'), here)).toBe('/category/lamps?sort=newest');
    expect(intentPrefetchHref(link('/'), here)).toBe('/');
    expect(intentPrefetchHref(link('https://shop.example/product/brass-lamp', { target: '_self' }), here)).toBe('/product/brass-lamp');
  });

  it('leaves other sites, new tabs, downloads and non-web links alone', () => {
    expect(intentPrefetchHref(link('https://elsewhere.example/category/lamps'), here)).toBeNull();
    expect(intentPrefetchHref(link('https://shop.example/category/lamps', { target: '_blank' }), here)).toBeNull();
    expect(intentPrefetchHref(link('https://shop.example/terms', { download: true }), here)).toBeNull();
    expect(intentPrefetchHref(link('tel:18001234567'), here)).toBeNull();
    expect(intentPrefetchHref(link('mailto:help@shop.example'), here)).toBeNull();
  });

  it('leaves API, build and media addresses alone', () => {
    expect(intentPrefetchHref(link('https://shop.example/api/admin/orders/export'), here)).toBeNull();
    expect(intentPrefetchHref(link('https://shop.example/api'), here)).toBeNull();
    expect(intentPrefetchHref(link('https://shop.example/_next/static/chunks/a.js'), here)).toBeNull();
  });

  it('does not prefetch the page the shopper is on, or a fragment of it', () => {
    expect(intentPrefetchHref(link('https://shop.example/product/brass-lamp?colour=gold'), here)).toBeNull();
    expect(intentPrefetchHref(link('https://shop.example/product/brass-lamp?colour=gold#reviews'), here)).toBeNull();
  });

  it('answers null for an address that cannot be read', () => {
    expect(intentPrefetchHref(link('http://['), here)).toBeNull();
  });
});
