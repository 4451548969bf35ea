import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { signedUpCustomer, signInByPhone } from './accounts';
import { signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

const session = useBrowser();

/** A category and a product that the seeded catalogue always has. */
async function catalogueSamples() {
  const category = (await (await fetch(`${baseUrl}/api/categories/featured`)).json()).data[0].slug as string;
  const product = (await (await fetch(`${baseUrl}/api/products?limit=1&sort=popularity`)).json()).data[0].slug as string;
  return { category: `/category/${category}`, product: `/product/${product}` };
}

/** Loads each path in one tab and collects axe's findings, each prefixed with the page it was found on. */
async function auditPages(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('load');
    found.push(...(await axeViolations(page)).map((v) => `${path} ${v}`));
  }
  return found;
}

test('the storefront pages break no WCAG A/AA or best-practice rule, on a phone in English and on a desktop in Arabic', async () => {
  const { category, product } = await catalogueSamples();
  const phone = await session.newPage({ width: 390, height: 844, mobile: true });
  const storefront = [
    '/',
    '/shop',
    '/category',
    category,
    product,
    '/search?q=lamp',
    '/search?q=zzzqqqxx',
    '/faq',
    '/terms',
    '/signin',
    '/logout',
    '/checkout',
    '/order',
    '/contact-us',
    '/feedback',
  ];
  expect(await auditPages(phone, storefront)).toEqual([]);
  // The 404 page in a tab of its own: its console rightly reports the 404 answer.
  expect(await auditPages(await session.newPage({ width: 390, height: 844, mobile: true }), ['/no-such-page'])).toEqual([]);
  // Right to left: the same pages mirrored, where the layout is most likely to break (spacing, icons, contrast).
  const desktop = await session.newPage({ locale: 'ar' });
  expect(await auditPages(desktop, ['/', category, product, '/search?q=lamp', '/signin', '/logout'])).toEqual([]);
  expect([...errorsOf(phone), ...errorsOf(desktop)]).toEqual([]);
});

test('the overlays break no rule while open: mobile menu, cart drawer, sign-in modal and quick view', async () => {
  const { category } = await catalogueSamples();
  const phone = await session.newPage({ width: 390, height: 844, mobile: true });
  await phone.goto('/');
  await phone.getByRole('button', { name: 'Open menu' }).click();
  await phone.getByRole('dialog', { name: 'Menu' }).waitFor();
  const found = (await axeViolations(phone)).map((v) => `menu ${v}`);

  const desktop = await session.newPage();
  await desktop.goto(category);
  await desktop.getByRole('button', { name: /^Cart/ }).click();
  await desktop.getByRole('dialog', { name: 'Shopping cart' }).waitFor();
  found.push(...(await axeViolations(desktop)).map((v) => `cart ${v}`));
  await desktop.keyboard.press('Escape');
  await desktop.getByRole('button', { name: 'Sign in' }).first().click();
  await desktop.getByRole('dialog', { name: 'Sign in or sign up' }).waitFor();
  found.push(...(await axeViolations(desktop)).map((v) => `sign-in ${v}`));
  await desktop.keyboard.press('Escape');
  await desktop
    .getByRole('button', { name: /^Quick view: / })
    .first()
    .click();
  await desktop.getByRole('dialog').getByRole('heading').first().waitFor();
  found.push(...(await axeViolations(desktop)).map((v) => `quick view ${v}`));
  expect(found).toEqual([]);
  expect([...errorsOf(phone), ...errorsOf(desktop)]).toEqual([]);
});

/** A call to the API as the signed-in visitor of `page` (its cookies). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(path, { method, ...(data === undefined ? {} : { data }), headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A saved address whose first line starts with a number (the case right-to-left pages reorder), answered with its id. */
async function saveAddress(page: Page, name: string, mobile = '9876543210'): Promise<string> {
  const address = { name, mobile, line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };
  return (await api<{ _id: string }>(page, 'POST', '/api/user/addresses', address))._id;
}

/** A plain, in-stock product that may be paid on delivery. */
async function plainProduct(page: Page): Promise<{ _id: string; slug: string; name: string }> {
  type Summary = { _id: string; slug: string; name: string; hasVariants: boolean; cod: boolean; stock: number };
  const listing = await api<{ data: Summary[] }>(page, 'GET', '/api/products?limit=60&inStock=true&sort=newest');
  const product = listing.data.find((p) => !p.hasVariants && p.cod && p.stock > 2);
  if (!product) throw new Error('no plain in-stock cash-on-delivery product in the first page');
  return product;
}

const messages = (locale: string, file: string) => JSON.parse(readFileSync(new URL(`../src/i18n/messages/${locale}/${file}.json`, import.meta.url), 'utf8'));

test("a customer's account pages break no rule, with a saved address and two orders, in English, Hindi and Arabic", async () => {
  const customer = await session.newPage({ width: 390, height: 844, mobile: true });
  const person = await signedUpCustomer(customer.context(), 'a11y');
  // Two orders: the list repeats each order's parts (its tracking region must still be told apart from the next's).
  const addressId = await saveAddress(customer, person.name);
  const product = await plainProduct(customer);
  for (let i = 0; i < 2; i++) {
    await api(customer, 'POST', '/api/user/order', { items: [{ productId: product._id, variantId: null, quantity: 1 }], addressId, paymentMethod: 'cod' });
  }
  const account = ['/my-account', '/my-account/orders', '/my-account/saved-address', '/my-account/account-details', '/my-account/change-password'];
  // The prefixed pages last: visiting one keeps the visitor in its language.
  const translated = ['/hi/my-account/orders', '/ar/my-account/orders', '/ar/my-account/saved-address'];
  const found: string[] = [];
  for (const path of [...account, ...translated]) {
    await customer.goto(path);
    await customer.waitForLoadState('load');
    // Saved addresses are read in the browser: audited once the card (with its heading) is there.
    if (path.endsWith('/saved-address')) await customer.locator('address').first().waitFor();
    found.push(...(await axeViolations(customer)).map((v) => `${path} ${v}`));
  }
  expect(found).toEqual([]);
  expect(errorsOf(customer)).toEqual([]);
});

test('the back office breaks no rule; its wide pages scroll inside their own regions on a phone', async () => {
  const staff = await session.newPage();
  await signInAdmin(staff.context());
  const backOffice = [
    '/admin',
    '/admin/products',
    '/admin/products/new',
    '/admin/orders',
    '/admin/payments',
    '/admin/categories',
    '/admin/menus',
    '/admin/coupons',
    '/admin/settings',
    '/admin/staff',
    '/admin/inbox',
    '/admin/audit',
  ];
  expect(await auditPages(staff, backOffice)).toEqual([]);

  const phone = await session.newPage({ width: 412, height: 915, mobile: true });
  await signInAdmin(phone.context());
  const wide = ['/admin/gst-report', '/admin/messages'];
  for (const path of wide) {
    await phone.goto(path);
    await phone.waitForLoadState('load');
    // The page itself never scrolls sideways: its tables do, inside their own boxes. (clientWidth: a phone's layout
    // viewport, innerWidth, widens to whatever overflows.)
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
  }
  expect(await auditPages(phone, wide)).toEqual([]);
  expect([...errorsOf(staff), ...errorsOf(phone)]).toEqual([]);
});

test('Arabic keeps phone numbers, addresses and the carousel arrows in reading order', async () => {
  const page = await session.newPage();
  await page.goto('/terms');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  // "We sent a 6-digit code to +91 …": the number sits in its own left-to-right isolate, in every language.
  let notice: string | null = null;
  const phone = await signInByPhone(page, {
    beforeVerify: async () => {
      notice = await page.getByRole('dialog', { name: 'Sign in or sign up' }).locator('bdi[dir="ltr"]').textContent();
    },
  });
  const shown = `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;
  expect(notice).toBe(shown);
  await saveAddress(page, 'Asha Verma', phone);
  // Something in the cart, so checkout shows the saved addresses (the button's English name: the page is still English).
  const product = await plainProduct(page);
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.getByRole('dialog', { name: 'Shopping cart' }).waitFor();

  // The greeting of a customer known only by a phone number: the number is isolated left to right inside the Arabic.
  await page.goto('/ar/my-account');
  expect(await page.locator('h1 bdi[dir="ltr"]').textContent()).toBe(shown);

  // A saved address: each line is isolated and runs in its own (here English) direction, so "12 MG Road" stays in
  // order; the lines, the mobile number's among them, keep the page's right-to-left alignment.
  await page.goto('/ar/my-account/saved-address');
  const card = page.locator('address').first();
  await card.waitFor();
  const lines = await card.evaluate((address) =>
    [...address.children].map((line) => ({
      text: line.textContent,
      lineDirection: getComputedStyle(line).direction,
      isolate: line.firstElementChild?.tagName,
      ownDirection: line.firstElementChild ? getComputedStyle(line.firstElementChild).direction : null,
      right: line.firstElementChild?.getBoundingClientRect().right,
    })),
  );
  expect(lines[0]).toMatchObject({ text: '12 MG Road', lineDirection: 'rtl', isolate: 'BDI', ownDirection: 'ltr' });
  const mobileLine = lines.at(-1)!;
  expect(mobileLine).toMatchObject({ lineDirection: 'rtl', isolate: 'BDI', ownDirection: 'ltr' });
  expect(mobileLine.text).toContain(phone);
  expect(Math.abs(mobileLine.right! - lines[0]!.right!)).toBeLessThan(2);

  // Checkout's address choice: the same isolates.
  await page.goto('/ar/checkout');
  const choice = page.locator('label:has(input[name="addressId"])').first();
  await choice.waitFor();
  expect(await choice.locator('bdi').first().textContent()).toContain('12 MG Road');
  expect(
    await choice
      .locator('bdi')
      .first()
      .evaluate((bdi) => getComputedStyle(bdi).direction),
  ).toBe('ltr');
  expect(await choice.locator('bdi[dir="ltr"]').textContent()).toContain(phone);

  // The home carousel: "previous" sits on the right in Arabic and points right, outward; "next" on the left, pointing left.
  await page.goto('/ar');
  const home = messages('ar', 'catalogue').home as { previousSlide: string; nextSlide: string };
  const previous = page.getByRole('button', { name: home.previousSlide, exact: true });
  const next = page.getByRole('button', { name: home.nextSlide, exact: true });
  expect((await previous.boundingBox())!.x).toBeGreaterThan((await next.boundingBox())!.x);
  expect(await arrowPointsRight(previous)).toBe(true);
  expect(await arrowPointsRight(next)).toBe(false);
  expect(errorsOf(page)).toEqual([]);
});

/**
 * Whether a button's drawn chevron points right as shown: from the path's start to its middle (the tip), in the
 * drawing's own x direction, times the mirroring CSS applies to the icon (`scale` or `transform`).
 */
function arrowPointsRight(button: ReturnType<Page['locator']>): Promise<boolean> {
  return button.locator('svg').evaluate((svg) => {
    const path = svg.querySelector('path');
    if (!path) throw new Error('the arrow has no drawn path');
    const start = path.getPointAtLength(0);
    const tip = path.getPointAtLength(path.getTotalLength() / 2);
    const style = getComputedStyle(svg);
    const scale = style.scale === 'none' ? 1 : Number(style.scale.split(' ')[0]);
    const matrix = style.transform === 'none' ? 1 : new DOMMatrix(style.transform).a;
    return (tip.x - start.x) * scale * matrix > 0;
  });
}

test('a missing product or category page keeps the 404 title once loaded; the tracking form refuses an empty form itself', async () => {
  const page = await session.newPage();
  for (const path of ['/product/no-such-product', '/category/no-such-category']) {
    expect((await page.goto(path))?.status()).toBe(404);
    await page.waitForLoadState('networkidle');
    // "<the 404 page's title> | <site name>", not the bare site name.
    expect((await page.title()).split(' | ')[0], path).toBe(messages('en', 'shell').notFound.title);
  }
  // Its console rightly reports the two 404 answers; the tracking form below adds nothing to them.
  const before = errorsOf(page).length;

  await page.goto('/order');
  const requests: string[] = [];
  page.on('request', (request) => request.url().includes('/api/order/track') && requests.push(request.url()));
  const form = page.locator('form:has(input[type="tel"])');
  await expect.poll(() => form.getByRole('button').isEnabled()).toBe(true);
  await form.getByRole('button').click();
  await form.getByRole('alert').first().waitFor();
  expect(await form.getByRole('alert').allTextContents()).toEqual([
    messages('en', 'refusals/orders').order_number_invalid,
    messages('en', 'refusals/orders').tracking_mobile_invalid,
  ]);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocapitalize'))).toBe('characters');
  expect(requests).toEqual([]);
  expect(errorsOf(page).slice(before)).toEqual([]);
});
