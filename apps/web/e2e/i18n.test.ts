import { expect, test } from 'vitest';
import { useBrowser } from './browser';

const session = useBrowser();

test('English is the default, left to right', async () => {
  const page = await session.newPage();
  await page.goto('/');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
});

test('Arabic turns the page right to left, and the cart drawer comes from the left', async () => {
  const page = await session.newPage({ locale: 'ar' });
  await page.goto('/terms');
  expect(await page.locator('html').getAttribute('lang')).toBe('ar');
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  await page.locator('header button:has([data-testid="cart-count"])').click();
  const drawer = page.getByRole('dialog');
  await drawer.waitFor();
  await expect.poll(async () => (await drawer.boundingBox())?.x ?? -1).toBe(0);
});

test('the language switcher keeps the choice in the NEXT_LOCALE cookie', async () => {
  const page = await session.newPage();
  await page.goto('/faq');
  await page
    .locator('footer')
    .getByRole('combobox', { name: /Language/ })
    .selectOption('hi');
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('hi');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('hi');
  await page.reload();
  expect(await page.locator('html').getAttribute('lang')).toBe('hi');
  expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
});
