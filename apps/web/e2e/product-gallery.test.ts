import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

const session = useBrowser();

/** A seeded product with three or more images (the seed gives each product one to four). */
async function productWithImages(): Promise<{ slug: string; count: number }> {
  const list = (await (await fetch(`${baseUrl}/api/products?limit=48`)).json()).data as { slug: string }[];
  for (const { slug } of list) {
    const detail = (await (await fetch(`${baseUrl}/api/product/${encodeURIComponent(slug)}`)).json()) as { images: unknown[] };
    if (detail.images.length >= 3) return { slug, count: detail.images.length };
  }
  throw new Error('no seeded product with three or more images among the first 48');
}

const thumb = (page: Page, n: number, total: number, label = `Image ${n} of ${total}`) =>
  page.getByRole('list', { name: /./ }).getByRole('button', { name: label, exact: true });
const current = (page: Page) => page.locator('button[aria-current="true"]').getAttribute('aria-label');
const strip = (page: Page) => page.locator('[aria-roledescription]').first();
/** Which slide the snap strip has come to rest on (rtl strips scroll to negative offsets). */
const restingSlide = (page: Page) =>
  strip(page).evaluate((el) => (Math.abs(el.scrollLeft) % el.clientWidth < 2 ? Math.round(Math.abs(el.scrollLeft) / el.clientWidth) : -1));

test('thumbnails, arrow keys and the zoom dialog move through a product’s images; axe finds nothing', async () => {
  const { slug, count } = await productWithImages();
  const page = await session.newPage();
  await page.goto(`/product/${slug}`);

  // The first image is the page's largest paint: in the server's HTML, preloaded with high priority.
  const first = strip(page).locator('img').first();
  expect(await first.getAttribute('fetchpriority')).toBe('high');
  // The slot's drawn width: 681px from 1280px (7 of 12 fractions of the 1216px container less the gap), the container
  // below 1024px (decision 115).
  const sizes = '(min-width: 1280px) 681px, (min-width: 1024px) calc(58.33vw - 65px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';
  expect(await first.getAttribute('sizes')).toBe(sizes);
  const preload = page.locator(`head link[rel="preload"][as="image"][imagesizes="${sizes}"]`);
  expect(await preload.count()).toBe(1);
  expect(await preload.getAttribute('fetchpriority')).toBe('high');
  expect(await preload.getAttribute('imagesrcset')).toBe(await first.getAttribute('srcset'));
  // Its files run from the narrowest slot's (a 320px phone: 288px) to 1920, not every configured width from 16 to 3840.
  const widths = (srcset: string | null) => (srcset ?? '').split(', ').map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]));
  expect(widths(await first.getAttribute('srcset'))).toEqual([384, 640, 750, 828, 1080, 1200, 1920]);
  expect(await current(page)).toBe(`Image 1 of ${count}`);

  // A thumbnail shows its image: it becomes the current one and the strip scrolls to it.
  await thumb(page, 3, count).click();
  await expect.poll(() => current(page)).toBe(`Image 3 of ${count}`);
  await expect.poll(() => restingSlide(page)).toBe(2);

  // Arrow keys while the strip has focus; the ends wrap.
  await strip(page).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => current(page)).toBe(`Image 2 of ${count}`);
  await expect.poll(() => restingSlide(page)).toBe(1);
  await page.keyboard.press('End');
  await expect.poll(() => current(page)).toBe(`Image ${count} of ${count}`);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => current(page)).toBe(`Image 1 of ${count}`);
  await expect.poll(() => restingSlide(page)).toBe(0);
  // …and while a thumbnail has focus, focus follows the image.
  await thumb(page, 1, count).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => current(page)).toBe(`Image 2 of ${count}`);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Image 2 of ${count}`);
  expect(await axeViolations(page)).toEqual([]);

  // The zoom dialog: modal, focus inside it, arrows change the image, Escape closes and focus returns to the opener.
  const enlarge = page.getByRole('button', { name: 'Enlarge image' });
  await enlarge.click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
  }
  expect(await dialog.getAttribute('aria-label')).toContain(`Image 2 of ${count}`);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => dialog.getAttribute('aria-label')).toContain(`Image 3 of ${count}`);
  // Zooming in shows the image wider than the screen in a frame that pans.
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => dialog.locator('img').evaluate((img) => img.getBoundingClientRect().width > window.innerWidth)).toBe(true);
  expect(await dialog.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-pressed')).toBe('true');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Enlarge image');
  // The page's gallery follows the image the dialog was showing.
  await expect.poll(() => current(page)).toBe(`Image 3 of ${count}`);
  expect(errorsOf(page)).toEqual([]);
});

test('in Arabic the arrows are mirrored (left is the next image) and axe finds nothing', async () => {
  const { slug, count } = await productWithImages();
  const page = await session.newPage({ locale: 'ar' });
  await page.goto(`/product/${slug}`);
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  await thumb(page, 1, count, `الصورة 1 من ${count}`).click();
  await strip(page).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => current(page)).toBe(`الصورة 2 من ${count}`);
  await expect.poll(() => restingSlide(page)).toBe(1);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => current(page)).toBe(`الصورة 1 من ${count}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'تكبير الصورة' }).click();
  await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => page.getByRole('dialog').getAttribute('aria-label')).toContain(`الصورة 2 من ${count}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect(errorsOf(page)).toEqual([]);
});

test('on a phone a swipe moves the snap strip to the next image', async () => {
  const { slug, count } = await productWithImages();
  const page = await session.newPage({ width: 390, height: 844, mobile: true });
  await page.goto(`/product/${slug}`);
  // Tapping the current thumbnail changes nothing but hydrates the gallery now rather than at idle time.
  await thumb(page, 1, count).tap();
  await strip(page).scrollIntoViewIfNeeded();
  const box = (await strip(page).boundingBox())!;
  // A real touch drag from right to left, as a thumb swipes: touch events the browser turns into a scroll.
  const cdp = await page.context().newCDPSession(page);
  const y = Math.round(box.y + box.height / 2);
  const from = Math.round(box.x + box.width * 0.85);
  const to = Math.round(box.x + box.width * 0.15);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 10; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: Math.round(from + ((to - from) * step) / 10), y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(() => restingSlide(page), { timeout: 5000 }).toBe(1);
  await expect.poll(() => current(page)).toBe(`Image 2 of ${count}`);
  expect(errorsOf(page)).toEqual([]);
});
