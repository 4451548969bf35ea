import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { ProductSummary } from '@shop/domain/catalogue';
import { baseUrl, errorsOf, useBrowser } from './browser';
import { layoutShiftSince, layoutShiftSoFar, layoutShiftsSoFar, recordLayoutShifts } from './layout-shifts';

const session = useBrowser();

/** The headings' web font (decision 133): next/font names its file after the family. */
const isDisplayFont = (url: string) => /playfair/i.test(url) && url.endsWith('.woff2');
const headingFont = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily);
/** Whether the page's head script marked <html> to use the web font (MarkDisplayFont). */
const markedForFont = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-display-font'));

test("a first visit draws headings in the phone's serif, fetches the web font after load, and the next page uses it", async () => {
  const page = await session.newPage({ width: 390, height: 844, mobile: true });
  const downloads: { url: string; at: number }[] = [];
  let loadedAt = Number.POSITIVE_INFINITY;
  page.on('request', (request) => isDisplayFont(request.url()) && downloads.push({ url: request.url(), at: Date.now() }));
  page.on('load', () => (loadedAt = Math.min(loadedAt, Date.now())));
  // The download must not move anything on screen.
  await recordLayoutShifts(page);

  await page.goto('/category/lamps');
  expect(await markedForFont(page)).toBe(false);
  expect(await headingFont(page)).not.toMatch(/playfair/i);
  // Downloaded once the page has loaded and painted, not on the way to its first paint.
  await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(1);
  expect(downloads[0]!.at).toBeGreaterThan(loadedAt);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kaarigar:display-font'))).toBe('1');
  // This page keeps the serif it was drawn with, and nothing on it moved once the download began. Before that the page
  // stays within issue 23's CLS (once, on a loaded CI machine, the sort form moved sideways by 0.002 while hydrating).
  expect(await headingFont(page)).not.toMatch(/playfair/i);
  const downloadStart = await page.evaluate(() => performance.getEntriesByType('resource').find((entry) => /playfair/i.test(entry.name))?.startTime ?? 0);
  expect(downloadStart).toBeGreaterThan(0);
  expect(await layoutShiftSince(page, downloadStart), await layoutShiftsSoFar(page)).toBe(0);
  expect(await layoutShiftSoFar(page), await layoutShiftsSoFar(page)).toBeLessThanOrEqual(0.01);

  // A page reached by a link draws its headings in the font from the cache.
  await page.locator('main a[href^="/product/"]').first().click();
  await page.waitForURL('**/product/**');
  await expect.poll(() => headingFont(page)).toMatch(/^"?playfair/i);
  // So does a page loaded afresh: it marks <html> before its headings are laid out.
  await page.reload();
  expect(await markedForFont(page)).toBe(true);
  expect(await headingFont(page)).toMatch(/^"?playfair/i);
  expect(
    await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((face) => /playfair/i.test(face.family) && face.status === 'loaded');
    }),
  ).toBe(true);

  // A page someone lands on from outside the shop does not read storage while its HTML is parsed (decision 139): it
  // keeps the serif although this browser has the font. One opened from another of the shop's pages uses it.
  const origin = new URL(page.url()).origin;
  await page.goto('/category/lamps');
  expect(await markedForFont(page)).toBe(false);
  expect(await headingFont(page)).not.toMatch(/playfair/i);
  await page.goto('/category/lamps', { referer: `${origin}/` });
  expect(await markedForFont(page)).toBe(true);
  expect(await headingFont(page)).toMatch(/^"?playfair/i);
  expect(errorsOf(page)).toEqual([]);
});

test('a browser that refuses storage keeps the serif on every page, and its cart still works', async () => {
  const page = await session.newPage();
  await page.addInitScript(() => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    Object.defineProperty(window, 'localStorage', { get: refuse });
  });
  await page.goto('/');
  await page.waitForTimeout(3500);
  await page.goto('/category/lamps');
  expect(await markedForFont(page)).toBe(false);
  expect(await headingFont(page)).not.toMatch(/playfair/i);

  // The cart is kept in the page's memory instead (it used to fail to start: "reading 'rehydrate'").
  const listing = (await (await fetch(`${baseUrl}/api/products?inStock=true&limit=24`)).json()) as { data: ProductSummary[] };
  const plain = listing.data.find((product) => !product.hasVariants && product.stock >= 1);
  expect(plain, 'a plain product in stock').toBeTruthy();
  await page.goto(`/product/${plain!.slug}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('1');
  expect(errorsOf(page)).toEqual([]);
});
