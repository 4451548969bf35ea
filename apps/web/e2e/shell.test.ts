import { expect, test } from 'vitest';
import { errorsOf, useBrowser } from './browser';

const session = useBrowser();

test('the mobile menu mirrors the header menu and leads to a category', async () => {
  const page = await session.newPage({ width: 390, height: 844, mobile: true });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sidebar = page.getByRole('dialog', { name: 'Menu' });
  await sidebar.waitFor();
  for (const label of ['Personalised Gifts', 'Clothing', 'Accessories', 'Jewellery', 'Categories']) {
    expect(await sidebar.getByText(label, { exact: true }).first().isVisible()).toBe(true);
  }
  await sidebar.getByRole('button', { name: 'Show Personalised Gifts menu' }).click();
  await sidebar.getByRole('link', { name: 'Lamps', exact: true }).click();
  await page.waitForURL('**/category/lamps');
  await expect.poll(() => sidebar.isVisible()).toBe(false);
  expect(errorsOf(page)).toEqual([]);
});

test('the cart drawer opens from the right with the empty-cart state, and Escape closes it', async () => {
  const page = await session.newPage();
  await page.goto('/terms');
  await page.getByRole('button', { name: /^Cart/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Shopping cart' });
  await drawer.waitFor();
  await expect.poll(async () => (await drawer.boundingBox())?.x ?? 0).toBeGreaterThan(500);
  expect(await drawer.getByText('Your cart is empty.').isVisible()).toBe(true);
  const checkout = drawer.getByRole('link', { name: /Proceed To Checkout/ });
  expect(await checkout.getAttribute('href')).toBe('/');
  expect(await checkout.getAttribute('aria-disabled')).toBe('true');
  await page.keyboard.press('Escape');
  await expect.poll(() => drawer.isVisible()).toBe(false);
});

test('the quick view opens in the modal host and a click outside closes it', async () => {
  const page = await session.newPage();
  await page.goto('/category/lamps');
  await page
    .getByRole('button', { name: /^Quick view: / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'View details' }).waitFor();
  expect(await dialog.textContent()).toMatch(/₹[\d,]+/);
  // The backdrop is outside the dialog panel: click near the corner of the viewport.
  await page.mouse.click(5, 5);
  await expect.poll(() => dialog.isVisible()).toBe(false);
  expect(errorsOf(page)).toEqual([]);
});

test('page transitions scroll to the top', async () => {
  const page = await session.newPage();
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('footer').getByRole('link', { name: 'FAQ' }).click();
  await page.waitForURL('**/faq');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
