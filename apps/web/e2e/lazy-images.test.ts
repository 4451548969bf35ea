import { expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, errorsOf, useBrowser } from './browser';

const session = useBrowser();
const PHONE = { width: 390, height: 844 };

/** The catalogue file behind an optimiser URL (`/_next/image?url=…&w=…`): any width of it counts as its load. */
function sourceOf(optimiserUrl: string): string {
  return new URL(optimiserUrl, baseUrl).searchParams.get('url') ?? optimiserUrl;
}

/** Every catalogue file the page has asked the optimiser for, at any width. */
function watchImageRequests(page: Page): Set<string> {
  const requested = new Set<string>();
  page.on('request', (request) => {
    if (request.url().includes('/_next/image')) requested.add(sourceOf(request.url()));
  });
  return requested;
}

/**
 * Scrolls until `image`'s top edge is `gap` px below the screen's bottom edge, measuring again after each step: cards
 * further down are laid out only as they near the screen (content-visibility), which moves everything below them.
 */
async function scrollToGap(page: Page, image: Locator, gap: number): Promise<number> {
  for (let step = 0; step < 10; step++) {
    const now = await image.evaluate((img) => img.getBoundingClientRect().top - window.innerHeight);
    if (Math.abs(now - gap) <= 4) return now;
    await page.evaluate((by) => window.scrollBy(0, by), now - gap);
    await page.waitForTimeout(150);
  }
  throw new Error(`could not scroll the image to ${gap}px below the screen`);
}

const shows = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1);

test("a listing's images below the fold load when they come within 200px of the screen, not before", async () => {
  const page = await session.newPage({ ...PHONE, mobile: true });
  const requested = watchImageRequests(page);
  await page.goto('/shop');
  const images = page.locator('section[aria-labelledby="results-heading"] ul img');
  // The third card sits in the second row, partly on screen: lazy, and loaded once the page's script runs.
  const third = images.nth(2);
  expect(await third.getAttribute('data-lazy-src')).toBeTruthy();
  await expect.poll(() => shows(third)).toBe(true);

  const last = images.last();
  const source = sourceOf((await last.getAttribute('data-lazy-src')) ?? '');
  expect(await last.evaluate((img) => img.getBoundingClientRect().top)).toBeGreaterThan(PHONE.height * 3);
  expect(requested.has(source)).toBe(false);
  // Coming down from far above (every card in between laid out by then), it waits at 260px below the screen…
  await scrollToGap(page, last, 700);
  await scrollToGap(page, last, 260);
  await page.waitForTimeout(400);
  expect(requested.has(source)).toBe(false);
  // …and loads at 140px, inside the margin, before the shopper gets there.
  await scrollToGap(page, last, 140);
  await expect.poll(() => requested.has(source)).toBe(true);
  await expect.poll(() => shows(last)).toBe(true);
  expect(errorsOf(page)).toEqual([]);
});

test('without JavaScript the listing still shows every image', async () => {
  const context = await session.browser.newContext({ baseURL: baseUrl, viewport: PHONE, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/shop');
    const visible = page.locator('section[aria-labelledby="results-heading"] ul img:visible');
    // One visible image per card with a picture: the blank placeholders are hidden, their <noscript> copies shown. (A
    // product made by another test may have no picture yet: its card shows a drawn placeholder and no <img>.)
    const withPicture = await page.locator('section[aria-labelledby="results-heading"] ul article:has(img)').count();
    expect(withPicture).toBeGreaterThan(0);
    expect(await visible.count()).toBe(withPicture);
    await visible.last().scrollIntoViewIfNeeded();
    await expect.poll(() => shows(visible.last())).toBe(true);
  } finally {
    await context.close();
  }
});
