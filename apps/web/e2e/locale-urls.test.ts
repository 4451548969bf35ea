import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/** Locale-prefixed URLs (decision 113): /hi/… and /ar/… without any cookie, en unprefixed, hreflang alternates. */
const session = useBrowser();

const skipLink = (locale: string) =>
  (JSON.parse(readFileSync(new URL(`../src/i18n/messages/${locale}/shell.json`, import.meta.url), 'utf8')) as { header: { skipToContent: string } }).header
    .skipToContent;

async function firstSlug(path: string): Promise<string> {
  const list = (await (await fetch(`${baseUrl}${path}`)).json()) as { data: { slug: string }[] };
  const slug = list.data[0]?.slug;
  if (!slug) throw new Error(`nothing at ${path}`);
  return slug;
}

/**
 * A category whose page opens: other test files make categories of their own (some empty or without a page), and the
 * list's first is whichever sorts first.
 */
async function categoryWithPage(): Promise<string> {
  const list = (await (await fetch(`${baseUrl}/api/categories?limit=100`)).json()) as { data: { slug: string }[] };
  for (const { slug } of list.data) {
    if ((await fetch(`${baseUrl}/category/${slug}`)).status === 200) return slug;
  }
  throw new Error('no category page opens');
}

/** The page's `<link rel="alternate" hreflang>` links, by language. */
async function hreflangs(page: Page): Promise<Record<string, string | null>> {
  // Anywhere in the document: Next.js streams a slow page's metadata for browsers (crawlers get it in the head).
  const links = page.locator('link[rel="alternate"][hreflang]');
  const found: Record<string, string | null> = {};
  for (const link of await links.all()) found[(await link.getAttribute('hreflang')) ?? ''] = await link.getAttribute('href');
  return found;
}

const alternatesOf = (path: string) => ({
  en: `${baseUrl}${path}`,
  hi: `${baseUrl}/hi${path}`,
  ar: `${baseUrl}/ar${path}`,
  'x-default': `${baseUrl}${path}`,
});

const canonicalOf = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');
const localeCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value;

test('/hi/product/<slug> opens in Hindi without a cookie, names its alternates, and keeps the visitor in Hindi', async () => {
  const slug = await firstSlug('/api/products?limit=1');
  const page = await session.newPage();
  const response = await page.goto(`/hi/product/${slug}`);
  expect(response?.status()).toBe(200);
  expect(await page.locator('html').getAttribute('lang')).toBe('hi');
  expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
  expect(await page.getByRole('link', { name: skipLink('hi') }).count()).toBe(1);
  expect(await hreflangs(page)).toEqual(alternatesOf(`/product/${slug}`));
  expect(await canonicalOf(page)).toBe(`${baseUrl}/hi/product/${slug}`);
  // The page's own (unprefixed) links stay in Hindi: the visit set the cookie.
  expect(await localeCookie(page)).toBe('hi');
  await page.goto('/faq');
  expect(await page.locator('html').getAttribute('lang')).toBe('hi');
  expect(errorsOf(page)).toEqual([]);
});

test('/ar/category/<slug> opens in Arabic, right to left, with its alternates and no accessibility violation', async () => {
  const slug = await categoryWithPage();
  const page = await session.newPage();
  const response = await page.goto(`/ar/category/${slug}`);
  expect(response?.status()).toBe(200);
  expect(await page.locator('html').getAttribute('lang')).toBe('ar');
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  expect(await page.getByRole('link', { name: skipLink('ar') }).count()).toBe(1);
  expect(await hreflangs(page)).toEqual(alternatesOf(`/category/${slug}`));
  expect(await canonicalOf(page)).toBe(`${baseUrl}/ar/category/${slug}`);
  expect(await axeViolations(page)).toEqual([]);
  expect(errorsOf(page)).toEqual([]);
});

test('the en URL is unchanged: English at the spec URL, canonical and alternates, home included', async () => {
  const slug = await firstSlug('/api/products?limit=1');
  const page = await session.newPage();
  await page.goto(`/product/${slug}`);
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
  expect(await canonicalOf(page)).toBe(`${baseUrl}/product/${slug}`);
  expect(await hreflangs(page)).toEqual(alternatesOf(`/product/${slug}`));
  expect(await localeCookie(page)).toBeUndefined();
  await page.goto('/ar');
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  expect(await hreflangs(page)).toEqual({ en: baseUrl, hi: `${baseUrl}/hi`, ar: `${baseUrl}/ar`, 'x-default': baseUrl });
});

test('the language switcher leads to the prefixed URL of the current page, and back to the unprefixed one', async () => {
  const slug = await firstSlug('/api/products?limit=1');
  const page = await session.newPage();
  await page.goto(`/product/${slug}?utm_source=test`);
  const switcher = page.locator('footer').getByRole('combobox', { name: /Language|भाषा|اللغة/ });
  await switcher.selectOption('ar');
  await page.waitForURL(`${baseUrl}/ar/product/${slug}?utm_source=test`);
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  await page.locator('footer').getByRole('combobox').selectOption('hi');
  await page.waitForURL(`${baseUrl}/hi/product/${slug}?utm_source=test`);
  expect(await page.locator('html').getAttribute('lang')).toBe('hi');
  await page.locator('footer').getByRole('combobox').selectOption('en');
  await page.waitForURL(`${baseUrl}/product/${slug}?utm_source=test`);
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(await localeCookie(page)).toBe('en');
});

test('a shared prefixed page sets no cookie; a visitor whose cookie differs gets it on a private answer', async () => {
  const slug = await firstSlug('/api/categories?limit=1');
  const url = `${baseUrl}/ar/category/${slug}`;
  const arriving = await fetch(url, { headers: { cookie: 'NEXT_LOCALE=hi' } });
  expect(arriving.headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=ar; Path=\/;/);
  expect(arriving.headers.get('cache-control')).toMatch(/^private/);
  expect(await arriving.text()).toContain('lang="ar"');
  let settled: Response | undefined;
  for (let attempt = 0; attempt < 20 && settled?.headers.get('x-page-cache') !== 'hit'; attempt++) {
    await settled?.body?.cancel();
    settled = await fetch(url, { headers: { cookie: 'NEXT_LOCALE=ar' } });
  }
  expect(settled?.headers.get('x-page-cache')).toBe('hit');
  expect(settled?.headers.get('set-cookie')).toBeNull();
  expect(settled?.headers.get('cache-control')).toMatch(/^public, /);
  expect(await settled?.text()).toContain('dir="rtl"');
  // A page Next renders per request (a search) gets the cookie from src/proxy.ts, as under `next dev`.
  const search = await fetch(`${baseUrl}/hi/search?q=lamp`);
  expect(search.headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=hi; Path=\/;/);
  expect(search.headers.get('cache-control')).toMatch(/^private/);
  expect(await search.text()).toContain('lang="hi"');
});

test('a visitor cannot pick the locale with the internal header, on a cached page or a rendered one', async () => {
  const slug = await firstSlug('/api/products?limit=1');
  for (const path of [`/product/${slug}`, '/search?q=lamp', '/hi/faq']) {
    const html = await (await fetch(`${baseUrl}${path}`, { headers: { 'x-shop-url-locale': 'ar' } })).text();
    expect(html, path).toContain(path.startsWith('/hi/') ? 'lang="hi"' : 'lang="en"');
  }
});

test('the sitemap lists every page in each locale with its hreflang alternates', async () => {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  expect(xml).toContain(`<loc>${baseUrl}/hi/faq</loc>`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${baseUrl}/ar/faq" />`);
  expect(xml).toContain(`hreflang="x-default" href="${baseUrl}/faq"`);
});
