import { expect, test } from 'vitest';
import { signedUpCustomer } from './accounts';
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
async function auditPages(page: import('playwright-core').Page, paths: string[]): Promise<string[]> {
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

test("a customer's account pages and the back office break no rule", async () => {
  const customer = await session.newPage({ width: 390, height: 844, mobile: true });
  await signedUpCustomer(customer.context(), 'a11y');
  const account = ['/my-account', '/my-account/orders', '/my-account/saved-address', '/my-account/account-details', '/my-account/change-password'];
  expect(await auditPages(customer, account)).toEqual([]);

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
  expect([...errorsOf(customer), ...errorsOf(staff)]).toEqual([]);
});
