import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { ProductDetail, ProductSummary } from '@shop/domain/catalogue';
import { latestMessage, outbox, uniqueEmail } from './accounts';
import { adminCookie } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 24's follow-ups in the browser: "Notify me" on a product with options follows the option picked, shows only
 * while that option is sold out, and asks for THAT option (decision 118): restocking another option sends nothing,
 * restocking the one asked for sends exactly one message. Checked by axe with the form open.
 */

const session = useBrowser();

type Messages = Record<string, Record<string, string>>;
const messages = (locale: string, file: string) =>
  JSON.parse(readFileSync(new URL(`../src/i18n/messages/${locale}/${file}.json`, import.meta.url), 'utf8')) as Messages;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

async function staff<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  return api<T>(path, {
    method,
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie: await adminCookie() },
    body: JSON.stringify(body),
  });
}

test('en: "Notify me" on a sold-out option asks for that option, and is told once when THAT option is back', async () => {
  const catalogue = messages('en', 'catalogue');
  const listed = await api<{ data: ProductSummary[] }>('/api/products?inStock=true&limit=1');
  const template = await api<ProductDetail>(`/api/product/${listed.data[0]!.slug}`);
  const stamp = Date.now().toString(36);
  const option = (size: string, stock: number, id?: string) => ({
    ...(id ? { id } : {}),
    sku: `E2E-BANGLE-${stamp}-${size}`.toUpperCase(),
    attributes: { Size: size },
    price: 59_900,
    mrp: 69_900,
    stock,
  });
  const body = {
    name: `Glass Bangle ${stamp}`,
    slug: `glass-bangle-${stamp}`,
    description: 'A set of glass bangles.',
    categoryId: template.category._id,
    brandId: null,
    price: 59_900,
    mrp: 69_900,
    stock: 0,
    cod: true,
    customizationType: null,
    mediaLimit: 1,
    hsnCode: '7018',
    gstRate: 300,
    weightGrams: 200,
    tags: [],
    featured: false,
    flashSaleEndsAt: null,
    newArrival: false,
    unique: false,
    onSelling: false,
    published: true,
    variants: [option('Small', 5), option('Medium', 0), option('Large', 0)],
  };
  const created = await staff<{ _id: string; slug: string; name: string; variants: { _id: string; sku: string }[] }>('POST', '/api/admin/products', body);
  const [small, medium, large] = created.variants;
  const restock = (stocks: [number, number, number]) =>
    staff('PUT', `/api/admin/products/${created._id}`, {
      ...body,
      variants: [option('Small', stocks[0], small!._id), option('Medium', stocks[1], medium!._id), option('Large', stocks[2], large!._id)],
    });

  const page = await session.newPage({ locale: 'en' });
  await page.goto(`/product/${created.slug}`);
  const sizes = page.locator('fieldset').filter({ hasText: 'Size' });
  const notify = page.getByRole('button', { name: catalogue.notify!.open });
  // Small (in stock) is picked: nothing to wait for.
  await sizes.getByRole('link', { name: /^Small/ }).waitFor();
  expect(await notify.count()).toBe(0);
  await sizes.getByRole('link', { name: /^Medium/ }).click();
  await notify.click();
  const email = uniqueEmail('bangle');
  await page.getByLabel(catalogue.notify!.emailLabel!).fill(email);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: catalogue.notify!.submit, exact: true }).click();
  await page.getByRole('status').filter({ hasText: catalogue.notify!.done }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  // Back to Small, the form goes; to Large, a fresh one for Large.
  await sizes.getByRole('link', { name: /^Small/ }).click();
  await expect.poll(() => notify.count()).toBe(0);
  await sizes.getByRole('link', { name: /^Large/ }).click();
  await notify.waitFor();

  // Another option restocked: nothing for the shopper waiting for Medium.
  await restock([5, 0, 4]);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect((await outbox(email)).filter((m) => m.kind === 'back-in-stock')).toHaveLength(0);
  // Medium restocked: exactly one message, naming the option and linking to it; again restocked: still one.
  await restock([5, 3, 4]);
  const message = await latestMessage(email, { kind: 'back-in-stock' });
  expect(message.subject).toBe(`${created.name} (Size: Medium) is back in stock`);
  expect(message.bodyText).toContain(`/product/${created.slug}?variant=${encodeURIComponent(medium!.sku)}`);
  await restock([5, 0, 4]);
  await restock([5, 6, 4]);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect((await outbox(email)).filter((m) => m.kind === 'back-in-stock')).toHaveLength(1);
  expect(errorsOf(page)).toEqual([]);
});
