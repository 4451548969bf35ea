import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { signedUpCustomer } from './accounts';
import { signInAdmin } from './admin-session';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 7, catalogue and settings: staff cannot open the settings (the 404 page) while an admin changes the toll-free
 * number and the shop's footer shows it; an admin adds a coupon and a shopper's coupon check at checkout accepts it.
 */

const session = useBrowser();
/** The shop's 404 page heading (shell.json notFound.title). */
const NOT_FOUND_TITLE = "We couldn't find that page";

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(path, { method, ...(data === undefined ? {} : { data }), headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

test('staff get the 404 page for settings; an admin changes the toll-free number and the footer shows it', async () => {
  const admin = await session.newPage();
  const cookie = await signInAdmin(admin.context());

  // A staff member: an ordinary account the admin makes staff.
  const staff = await session.newPage();
  const person = await signedUpCustomer(staff.context(), 'a2-staff');
  const granted = await fetch(`${baseUrl}/api/admin/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ account: person.email, role: 'staff' }),
  });
  expect(granted.status, await granted.text()).toBe(200);
  const refused = await staff.goto('/admin/settings');
  expect(refused?.status()).toBe(404);
  await staff.getByRole('heading', { name: NOT_FOUND_TITLE, level: 1 }).waitFor();
  expect(await staff.getByTestId('settings-form').count()).toBe(0);
  expect(await staff.getByRole('link', { name: 'Settings' }).count()).toBe(0);
  const allowed = await staff.goto('/admin/coupons');
  expect(allowed?.status()).toBe(200);
  await staff.getByRole('heading', { name: 'Coupons', level: 1 }).waitFor();

  const number = `1800-${randomInt(100, 999)}-${randomInt(1000, 9999)}`;
  await admin.goto('/admin/settings');
  const form = admin.getByTestId('settings-form');
  const field = form.getByLabel('Toll-free number');
  await expect.poll(() => field.isEnabled()).toBe(true);
  // A bad value is refused beside the field, with the API's own message.
  await field.fill('call us');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await form.getByText('Enter a phone number of 8 to 15 digits').waitFor();
  await field.fill(number);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await admin.getByText('Settings saved').waitFor();

  // The shop shows it at once: the footer of a storefront page, for a visitor too.
  const visitor = await session.newPage();
  await visitor.goto('/terms');
  await visitor.locator('footer').getByText(number).waitFor();
  expect(errorsOf(admin)).toEqual([]);
});

test('a visitor who is not signed in is sent to sign in and back to the back-office page they asked for', async () => {
  const page = await session.newPage();
  // Each page sends its own address, not the dashboard's (the layout no longer redirects first).
  for (const path of ['/admin/settings', '/admin/products/new']) {
    await page.goto(path);
    await page.waitForURL(/\/signin\?/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
  }
  // Signed in as an admin, the page asked for opens with the back office's frame.
  await signInAdmin(page.context());
  await page.goto('/admin/settings');
  await page.getByTestId('settings-form').waitFor();
  expect(await page.getByRole('navigation', { name: 'Back office' }).count()).toBe(1);
  expect(errorsOf(page)).toEqual([]);
});

test('an admin adds a coupon in the back office; the shopper’s coupon check at checkout accepts it', async () => {
  const admin = await session.newPage();
  await signInAdmin(admin.context());
  const code = `A2E${randomInt(10_000, 99_999)}`;
  await admin.goto('/admin/coupons');
  const form = admin.getByTestId('coupon-form');
  await expect.poll(() => form.getByLabel('Code').isEnabled()).toBe(true);
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Discount').selectOption('percent');
  await form.getByLabel('Percent off').fill('12');
  await form.getByLabel('Minimum cart total (₹)').fill('0');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await admin.getByText(`Saved ${code}`).waitFor();
  await admin.getByTestId('coupon-list').getByRole('link', { name: code }).waitFor();
  expect(await admin.getByTestId('coupon-list').getByText('Used 0 of unlimited').count()).toBeGreaterThan(0);

  // A shopper with one product in the cart applies the code at checkout.
  const shopper = await session.newPage();
  await signedUpCustomer(shopper.context(), 'a2-coupon');
  const listing = await api<{
    data: { _id: string; name: string; slug: string; price: number; mrp: number; stock: number; cod: boolean; hasVariants: boolean }[];
  }>(shopper, 'GET', '/api/products?limit=60&sort=newest');
  const product = listing.data.find((p) => !p.hasVariants && p.stock > 2);
  if (!product) throw new Error('no simple in-stock product');
  await shopper.goto('/terms');
  await shopper.evaluate(
    (item) =>
      localStorage.setItem(
        'cart',
        JSON.stringify({ state: { items: [item], coupon: null, meta: null, isCashOnDelivery: false, cashOnDeliveryPageState: null }, version: 1 }),
      ),
    {
      id: product._id,
      productId: product._id,
      variantId: null,
      name: product.name,
      slug: product.slug,
      image: null,
      price: product.price,
      mrp: product.mrp,
      quantity: 1,
      attributes: {},
      cod: product.cod,
      stock: product.stock,
      product_customization: null,
    },
  );
  await shopper.goto('/checkout');
  const summary = shopper.getByRole('region', { name: 'Order summary' });
  await summary.getByLabel('Coupon code').fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'Apply' }).click();
  await summary.getByText(`Coupon ${code} applied`).waitFor();
});

test('staff add a category with a picture and link it from the header menu; the shop shows both at once', async () => {
  const admin = await session.newPage();
  await signInAdmin(admin.context());
  const n = randomInt(10_000, 99_999);
  const name = `Clay Lamps ${n}`;
  const slug = `clay-lamps-${n}`;

  await admin.goto('/admin/categories');
  const form = admin.getByTestId('category-form');
  await expect.poll(() => form.getByLabel('Name', { exact: true }).isEnabled()).toBe(true);
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Name', { exact: true }).blur();
  await expect.poll(() => form.getByLabel('Slug', { exact: true }).inputValue()).toBe(slug);
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b5651d' } })
    .png()
    .toBuffer();
  await form.getByLabel('Image', { exact: true }).setInputFiles({ name: 'clay.png', mimeType: 'image/png', buffer: png });
  const preview = form.getByTestId('image-preview');
  await preview.waitFor();
  expect(await preview.getAttribute('src')).toMatch(/^\/api\/media\/admin\/[0-9a-f]{24}\.webp$/);
  await form.getByRole('button', { name: 'Create category' }).click();
  await admin.getByRole('heading', { name, level: 1 }).waitFor();

  const visitor = await session.newPage();
  await visitor.goto('/category');
  await visitor.getByText(name).first().waitFor();

  // The header menu: a link that leads nowhere is refused beside its field; the right one shows in the shop.
  await admin.goto('/admin/menus');
  const header = admin.getByRole('region', { name: 'Header menu' });
  await header.getByRole('button', { name: 'Add a menu item' }).last().click();
  await header.getByLabel('Label', { exact: true }).last().fill(name);
  await header.getByLabel('Link', { exact: true }).last().fill('/category/no-such-a2');
  await admin.getByRole('button', { name: 'Save both menus' }).click();
  await header.getByText('No category has the slug "no-such-a2"').waitFor();
  await header.getByLabel('Link', { exact: true }).last().fill(`/category/${slug}`);
  await admin.getByRole('button', { name: 'Save both menus' }).click();
  await admin.getByText('Menus saved').waitFor();

  await visitor.setViewportSize({ width: 1280, height: 800 });
  await visitor.goto('/terms');
  const link = visitor.getByRole('link', { name, exact: true }).first();
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(`/category/${slug}`);
  expect(errorsOf(visitor)).toEqual([]);
});
