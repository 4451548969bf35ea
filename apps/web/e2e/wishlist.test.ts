import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { ProductDetail, ProductSummary } from '@shop/domain/catalogue';
import { codeIn, latestMessage, outbox, uniqueEmail, uniquePhone } from './accounts';
import { adminCookie } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 24 in the browser: the wishlist built signed out survives sign-in (phone OTP) and is found on
 * /my-account/wishlist, "Move to cart" and remove work there, recently viewed shows the products opened, and "Notify
 * me" on an out-of-stock product is told exactly once when staff restock it. In English and Arabic, each checked by axe.
 */

const session = useBrowser();

type Messages = Record<string, Record<string, string>>;
const messages = (locale: string, file: string) =>
  JSON.parse(readFileSync(new URL(`../src/i18n/messages/${locale}/${file}.json`, import.meta.url), 'utf8')) as Messages;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? '');

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const plainListing = '/shop?max=400&inStock=true&sort=price_desc';
let listed: ProductSummary;
let other: ProductSummary;

beforeAll(async () => {
  // Two plain products (no options) in stock: the first on the listing page below, the other opened directly.
  const cheap = await api<{ data: ProductSummary[] }>('/api/products?maxPrice=40000&inStock=true&sort=price_desc&limit=24');
  const plain = cheap.data.filter((product) => !product.hasVariants && product.stock >= 3);
  if (plain.length < 3) throw new Error('the seeded catalogue has too few plain products in stock');
  [listed, other] = [plain[0]!, plain[2]!];
});

async function signInByPhone(page: Page, locale: string): Promise<void> {
  const auth = messages(locale, 'auth');
  // The header's button (the reviews section has a sign-in button of its own).
  await page.getByRole('banner').getByRole('button', { name: auth.header!.signIn, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: auth.otp!.title });
  await dialog.waitFor();
  const phone = uniquePhone();
  const since = Date.now() - 1000;
  await dialog.getByLabel(auth.otp!.phoneLabel!).fill(phone);
  await dialog.getByRole('button', { name: auth.otp!.sendCode }).click();
  await dialog.getByLabel(auth.otp!.codeLabel!).fill(codeIn(await latestMessage(`+91${phone}`, { kind: 'otp', since })));
  await dialog.getByRole('button', { name: auth.otp!.verify }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

for (const locale of ['en', 'ar'] as const) {
  test(`${locale}: a wishlist built signed out survives sign-in, and moves to the cart from the account`, async () => {
    const catalogue = messages(locale, 'catalogue');
    const account = messages(locale, 'account');
    const heartName = (product: ProductSummary) => fill(catalogue.card!.wishlist!, { name: product.name });
    const page = await session.newPage({ locale });

    // On a product card of a listing: the heart starts not pressed (the page is the same for everyone).
    await page.goto(plainListing);
    const cardHeart = page.getByRole('button', { name: heartName(listed), exact: true });
    await cardHeart.waitFor();
    expect(await cardHeart.getAttribute('aria-pressed')).toBe('false');
    await cardHeart.click();
    await expect.poll(() => cardHeart.getAttribute('aria-pressed')).toBe('true');

    // On the product page of another: the heart beside the name, and the first product under "recently viewed".
    await page.goto(`/product/${listed.slug}`);
    // The visit is recorded once the page has hydrated (a client effect): leaving sooner would record nothing.
    const viewed = () => page.evaluate(() => (JSON.parse(localStorage.getItem('recently-viewed') ?? '[]') as { slug: string }[]).map((entry) => entry.slug));
    await expect.poll(viewed).toContain(listed.slug);
    await page.goto(`/product/${other.slug}`);
    const heart = page.getByRole('button', { name: heartName(other), exact: true });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    const recent = page.getByRole('region', { name: catalogue.recent!.title });
    await recent.getByRole('link', { name: listed.name }).waitFor();
    expect(await recent.getByRole('link', { name: other.name }).count()).toBe(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '[]'))).toEqual([listed._id, other._id]);
    expect(await axeViolations(page)).toEqual([]);

    // Reloaded, the state comes back from the browser.
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: heartName(other), exact: true }).getAttribute('aria-pressed')).toBe('true');

    await signInByPhone(page, locale);
    await page.goto('/my-account/wishlist');
    await page.getByRole('heading', { level: 1, name: account.wishlist!.title }).waitFor();
    const list = page.getByTestId('wishlist');
    await list.getByRole('link', { name: listed.name }).waitFor();
    await list.getByRole('link', { name: other.name }).waitFor();
    // Handed to the account: the browser keeps no copy.
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: fill(account.wishlist!.moveToCart!, { name: listed.name }), exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: fill(account.wishlist!.moved!, { name: listed.name }) })
      .waitFor();
    expect(await list.getByRole('link', { name: listed.name }).count()).toBe(0);
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}') as { state?: { items?: { id: string }[] } });
    expect(cart.state?.items?.map((item) => item.id)).toContain(listed._id);

    await page.getByRole('button', { name: fill(account.wishlist!.remove!, { name: other.name }), exact: true }).click();
    await page.getByText(account.wishlist!.empty!).waitFor();

    // The account's hearts follow the account's list.
    await page.goto(`/product/${other.slug}`);
    const after = page.getByRole('button', { name: heartName(other), exact: true });
    await after.waitFor();
    await after.click();
    await expect.poll(() => after.getAttribute('aria-pressed')).toBe('true');
    expect(errorsOf(page)).toEqual([]);
  });
}

/** A product nobody else uses, made out of stock through the back office's API. */
async function soldOutProduct(template: ProductDetail): Promise<{ id: string; slug: string; name: string; body: Record<string, unknown> }> {
  const stamp = Date.now().toString(36);
  const body = {
    name: `Notify Me Lamp ${stamp}`,
    slug: `notify-me-lamp-${stamp}`,
    description: 'A clay lamp, made to order.',
    categoryId: template.category._id,
    brandId: null,
    price: 49_900,
    mrp: 59_900,
    stock: 0,
    cod: true,
    customizationType: null,
    mediaLimit: 1,
    hsnCode: '6913',
    gstRate: 1200,
    weightGrams: 250,
    tags: [],
    featured: false,
    flashSaleEndsAt: null,
    newArrival: false,
    unique: false,
    onSelling: false,
    published: true,
    variants: [],
  };
  const created = await api<{ _id: string; slug: string; name: string }>('/api/admin/products', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie: await adminCookie() },
    body: JSON.stringify(body),
  });
  return { id: created._id, slug: created.slug, name: created.name, body };
}

async function restock(product: { id: string; body: Record<string, unknown> }, stock: number): Promise<void> {
  await api(`/api/admin/products/${product.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie: await adminCookie() },
    body: JSON.stringify({ ...product.body, stock }),
  });
}

test('ar: "Notify me" on an out-of-stock product, told exactly once when staff restock', async () => {
  const catalogue = messages('ar', 'catalogue');
  const template = await api<ProductDetail>(`/api/product/${listed.slug}`);
  const product = await soldOutProduct(template);
  const page = await session.newPage({ locale: 'ar' });
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: catalogue.notify!.open }).click();
  const email = uniqueEmail('notify');
  await page.getByLabel(catalogue.notify!.emailLabel!).fill('not-an-address');
  await page.getByRole('button', { name: catalogue.notify!.submit, exact: true }).click();
  // Refused, naming the field, in Arabic (the refusal's code translated, decision 037).
  const refusals = JSON.parse(readFileSync(new URL('../src/i18n/messages/ar/refusals/engagement.json', import.meta.url), 'utf8')) as Record<string, string>;
  await page.getByRole('alert').filter({ hasText: refusals.email_invalid }).waitFor();
  expect(await page.getByLabel(catalogue.notify!.emailLabel!).getAttribute('aria-invalid')).toBe('true');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel(catalogue.notify!.emailLabel!).fill(email);
  await page.getByRole('button', { name: catalogue.notify!.submit, exact: true }).click();
  await page.getByRole('status').filter({ hasText: catalogue.notify!.done }).waitFor();

  await restock(product, 4);
  const message = await latestMessage(email, { kind: 'back-in-stock' });
  expect(message.subject).toBe(`${product.name} متوفر من جديد`);
  expect(message.bodyText).toContain(`/product/${product.slug}`);
  // Sold out and restocked again: the request ended with its one message.
  await restock(product, 0);
  await restock(product, 6);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect((await outbox(email)).filter((m) => m.kind === 'back-in-stock')).toHaveLength(1);
  // The one 400 is the address refused on purpose above; nothing else went wrong.
  expect(errorsOf(page).filter((error) => !error.includes('status of 400'))).toEqual([]);
});

/** First-load JavaScript of a page, gzip, as bench/lib/page-weight.mjs weighs it (module scripts of its HTML). */
async function firstLoadJs(path: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const scripts = new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"[^>]*>/g)].filter((m) => !/nomodule/i.test(m[0])).map((m) => m[1]!));
  let bytes = 0;
  for (const src of scripts) bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer())).length;
  return bytes;
}

// The product page's whole budget (120 kB, the scale issue's) is over on main before this work (159 kB in
// docs/benchmarks.md): what this test holds is this issue's own part. "Notify me" shows only on an
// out-of-stock product, and costs that page at most 4 kB more than an in-stock one.
test('"Notify me" costs an out-of-stock product page at most 4 kB of first-load JS', async () => {
  const template = await api<ProductDetail>(`/api/product/${other.slug}`);
  const soldOut = await soldOutProduct(template);
  const inStock = await firstLoadJs(`/product/${other.slug}`);
  const outOfStock = await firstLoadJs(`/product/${soldOut.slug}`);
  console.log(`first-load JS (gzip): in stock ${(inStock / 1024).toFixed(1)} kB, out of stock ${(outOfStock / 1024).toFixed(1)} kB`);
  expect(outOfStock - inStock).toBeLessThanOrEqual(4 * 1024);
});
