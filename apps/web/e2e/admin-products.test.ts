import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { signInAdmin } from './admin-session';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 7, products: the shop's admin creates a personalised product (text and photos, two photos per item) with an
 * image in the back office, publishes it, and it is in the shop at once: on its own page and in its category.
 */

const session = useBrowser();

interface CategoryRow {
  _id: string;
  name: string;
  slug: string;
}

test('an admin creates a personalised product with an image, publishes it, and the shop shows it at once', async () => {
  // A category whose name is unique in the list (the form's select shows names).
  const categories = ((await (await fetch(`${baseUrl}/api/categories?limit=200`)).json()) as { data: CategoryRow[] }).data;
  const counts = new Map<string, number>();
  for (const c of categories) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  const category = categories.find((c) => counts.get(c.name) === 1 && c.slug !== 'thrift');
  if (!category) throw new Error('no category with a unique name');

  const page = await session.newPage();
  await signInAdmin(page.context());
  await page.goto('/admin/products');
  await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'New product' }).click();
  await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();

  // An empty form is refused beside its fields.
  await expect.poll(() => page.getByRole('button', { name: 'Create product' }).isEnabled()).toBe(true);
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.getByText('Check the marked fields').waitFor();
  expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');

  const name = `E2E Photo Lamp ${randomInt(1e6)}`;
  const slug = name.toLowerCase().replaceAll(' ', '-');
  await page.getByLabel('Name', { exact: true }).fill(name);
  expect(await page.getByLabel('Slug', { exact: true }).inputValue()).toBe(slug);
  await page.getByLabel('Description').fill('A lamp shade printed with two of your photos and a line of text.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
  await page.getByLabel('Price (₹)', { exact: true }).fill('799');
  await page.getByLabel('MRP (₹)', { exact: true }).fill('999.50');
  await page.getByLabel('Stock', { exact: true }).fill('5');
  await page.getByLabel('What the customer sends').selectOption({ label: 'Text and photos' });
  await page.getByLabel('Photos per item (1–10)').fill('2');
  await page.getByLabel('GST rate').selectOption({ label: '18%' });
  await page.getByLabel('HSN code').fill('9405');
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: `Edit ${name}`, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();

  // Not published yet: the shop does not have it (and has now cached its category page without it).
  // (The 404 is logged as a failed resource by the browser, so it gets a page of its own.)
  const probe = await session.newPage();
  expect((await probe.goto(`/product/${slug}`))?.status()).toBe(404);
  const shopper = await session.newPage();
  await shopper.goto(`/category/${category.slug}`);
  expect(await shopper.getByRole('link', { name }).count()).toBe(0);

  // An image: previewed when chosen, re-encoded by the API when uploaded.
  const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#d4a373' } })
    .png()
    .toBuffer();
  await page.getByLabel('Add images').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('img', { name: 'lamp.png' }).waitFor();
  await page.getByLabel('Alt text for new images').fill('The lamp, lit');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByText('Images added').waitFor();
  await expect.poll(() => page.getByTestId('gallery-image').count()).toBe(1);
  expect(await page.getByLabel('Alt text of image 1').inputValue()).toBe('The lamp, lit');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Published: the product is in the shop').waitFor();
  await page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor();

  // The shop, at once: the product page with its picture, and the category page (newest first) with the product.
  const productPage = await shopper.goto(`/product/${slug}`);
  expect(productPage?.status()).toBe(200);
  await shopper.getByRole('heading', { name, level: 1 }).waitFor();
  await shopper.getByRole('img', { name: 'The lamp, lit' }).first().waitFor();
  const served = (await (await fetch(`${baseUrl}/api/product/${slug}`)).json()) as { price: number; mrp: number; product_customization: unknown };
  expect(served).toMatchObject({ price: 79_900, mrp: 99_950, product_customization: { type: 'both', mediaLimit: 2 } });
  await shopper.goto(`/category/${category.slug}`);
  await shopper.getByRole('link', { name }).first().waitFor();

  // The back office's list finds it by name.
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name }).first().waitFor();
  expect(errorsOf(page)).toEqual([]);
  expect(errorsOf(shopper)).toEqual([]);

  // CSV: the export (with the list's filters) has the product; an import with a bad cell lists its row and column and
  // writes nothing; a good one updates the product, and the shop has the new stock at once.
  const exported = await page.context().request.get(`/api/admin/products/export?q=${encodeURIComponent(name)}`);
  expect(exported.status()).toBe(200);
  expect(await exported.text()).toContain(`${slug},${name},${category.slug},`);
  await page.goto('/admin/products/import');
  await page.getByRole('heading', { name: 'Import and export products (CSV)', level: 1 }).waitFor();
  const header = 'slug,name,category,price,mrp,stock\n';
  await page.getByLabel('CSV file').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}${slug},${name},${category.slug},12,13,4\n${slug}-2,Other,${category.slug},abc,1,1\n`),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const problems = page.getByTestId('import-problems');
  await problems.waitFor();
  expect(await problems.locator('tbody tr').allInnerTexts()).toEqual(['3\tprice\tmust be an amount in rupees with at most two decimals, e.g. 1299.50']);
  expect(((await (await fetch(`${baseUrl}/api/product/${slug}`)).json()) as { stock: number }).stock).toBe(5);
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}${slug},${name},${category.slug},799,999.50,9\n`) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText('0 created, 1 updated from 1 rows').first().waitFor();
  await shopper.goto(`/product/${slug}`);
  expect(((await (await fetch(`${baseUrl}/api/product/${slug}`)).json()) as { stock: number }).stock).toBe(9);

  // On a phone the list is stacked cards, each linking to the product's form.
  const phone = await session.newPage({ width: 390, height: 844, mobile: true });
  await signInAdmin(phone.context());
  await phone.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  const cards = phone.getByTestId('product-cards');
  await cards.getByRole('link', { name }).waitFor();
  expect(await phone.locator('table').isVisible()).toBe(false);
  expect(errorsOf(phone)).toEqual([]);
});
