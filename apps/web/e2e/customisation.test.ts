import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ProductSummary } from '@shop/domain/catalogue';
import { customisationApiPaths, customisationMessages as m } from '@shop/domain/customisation';
import { refusalMessage } from '@shop/domain/refusals/index';
import { signedUpCustomer } from './accounts';
import { adminCookie } from './admin-session';
import { baseUrl, errorsOf, useBrowser } from './browser';

const session = useBrowser();

/** The refusals the dialog shows, in the API's English (the storefront translates them by code). */
const refused = {
  textRequired: refusalMessage('text_required'),
  imageCount: (count: number) => refusalMessage('image_count', { count }),
  fileType: refusalMessage('file_type'),
  locked: refusalMessage('order_locked'),
};

/** expect.poll with room for a busy machine (its default gives up after one second). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Products of every customisation type, found through the public listing (the seed has each type, mediaLimit 1-3). */
let textProduct: ProductSummary;
let imageProduct: ProductSummary;
let bothProduct: ProductSummary;
/** Small photos made at test time, in a folder removed afterwards. */
let photoDir: string;
let photos: string[];
/** A text file named like a photo: the server must refuse it by its bytes. */
let fakePhoto: string;

beforeAll(async () => {
  const found: ProductSummary[] = [];
  for (let page = 1; page <= 20 && found.length < 200; page++) {
    const response = await fetch(`${baseUrl}/api/products?inStock=true&limit=48&page=${page}`);
    if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`);
    const body = (await response.json()) as { data: ProductSummary[]; hasMore: boolean };
    found.push(...body.data);
    if (!body.hasMore) break;
  }
  const usable = (p: ProductSummary) => !p.hasVariants && p.cod && p.stock >= 3;
  textProduct = found.find((p) => usable(p) && p.product_customization?.type === 'text')!;
  imageProduct = found.find((p) => usable(p) && p.product_customization?.type === 'image' && p.product_customization.mediaLimit === 2)!;
  bothProduct = found.find((p) => usable(p) && p.product_customization?.type === 'both')!;
  expect(textProduct, 'an in-stock text product').toBeTruthy();
  expect(imageProduct, 'an in-stock image product with mediaLimit 2').toBeTruthy();
  expect(bothProduct, 'an in-stock product with text and photos').toBeTruthy();

  photoDir = mkdtempSync(join(tmpdir(), 'customisation-e2e-'));
  const colours = [
    { r: 200, g: 60, b: 90 },
    { r: 40, g: 120, b: 200 },
    { r: 240, g: 190, b: 40 },
    { r: 60, g: 160, b: 90 },
  ];
  photos = await Promise.all(
    colours.map(async (background, index) => {
      const file = join(photoDir, `photo-${index + 1}.${index % 2 ? 'png' : 'jpg'}`);
      const image = sharp({ create: { width: 320, height: 240, channels: 3, background } });
      await (index % 2 ? image.png() : image.jpeg()).toFile(file);
      return file;
    }),
  );
  fakePhoto = join(photoDir, 'holiday.jpg');
  writeFileSync(fakePhoto, 'Dear shop, this is not a photo at all.\n');
});

afterAll(() => {
  if (photoDir) rmSync(photoDir, { recursive: true, force: true });
});

/** A call as the signed-in shopper of `page` (its session cookie). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(path, { method, ...(data === undefined ? {} : { data }), headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs the shop's admin in (made by scripts/test.mjs) and moves an order on. */
async function moveOrder(orderId: string, statuses: string[]) {
  const cookie = await adminCookie();
  for (const status of statuses) {
    const response = await fetch(`${baseUrl}/api/admin/orders/${orderId}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify({ status }),
    });
    if (!response.ok) throw new Error(`status ${status} answered ${response.status}: ${await response.text()}`);
  }
}

const lineOf = (page: Page, product: ProductSummary) =>
  page.locator('[data-line]').filter({ has: page.getByRole('link', { name: product.name, exact: true }) });

/** Opens the dialog from the line's button: "Customise" while nothing was sent, "Change personalisation" after. */
async function openDialog(page: Page, product: ProductSummary, button = `Customise ${product.name}`): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m.intro(product.name), exact: true });
  await dialog.waitFor();
  return dialog;
}

/** The toast with this text, then it is closed so a later identical toast is seen afresh. */
async function seeToast(page: Page, text: string) {
  const toast = page.locator('.Toastify__toast').filter({ hasText: text });
  await toast.first().waitFor();
  await toast
    .first()
    .getByRole('button')
    .click()
    .catch(() => {});
  await poll(() => toast.count()).toBe(0);
}

async function sendAndClose(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: m.send, exact: true }).click();
  await seeToast(page, m.success);
  await dialog.waitFor({ state: 'detached' });
}

/** Every thumbnail in `scope` is loaded and 80x80. */
async function thumbnailsOf(scope: Locator): Promise<number[][]> {
  const images = scope.locator('img[width="80"]');
  await poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(
    true,
  );
  return images.evaluateAll((all) => all.map((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]));
}

test('an order with a text, a photo and a text-and-photo product is personalised through the dialog, shown on the order page, then locked', async () => {
  const page = await session.newPage({ width: 390, height: 844, mobile: true });
  const person = await signedUpCustomer(page.context(), 'personaliser');
  const address = await api<{ _id: string }>(page, 'POST', '/api/user/addresses', {
    name: person.name,
    mobile: '9876543210',
    line1: '7, Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560025',
  });
  const order = await api<{ _id: string; number: string }>(page, 'POST', '/api/user/order', {
    items: [
      { productId: textProduct._id, variantId: null, quantity: 2 },
      { productId: imageProduct._id, variantId: null, quantity: 1 },
      { productId: bothProduct._id, variantId: null, quantity: 1 },
    ],
    addressId: address._id,
    paymentMethod: 'cod',
  });
  const uploads: string[] = [];
  const adds: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(customisationApiPaths.upload)) uploads.push(request.url());
    if (request.url().endsWith(customisationApiPaths.add)) adds.push(request.url());
  });

  // The orders list flags the order: 2 + 1 + 1 units still need details.
  await page.goto('/my-account/orders');
  await page.getByText('Personalisation needed for 4 units', { exact: true }).waitFor();
  await page.getByRole('link', { name: `Add personalisation to order ${order.number}` }).click();
  await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
  expect(await lineOf(page, textProduct).locator('[data-personalisation]').getAttribute('data-personalisation')).toBe('missing');

  // Text product, two units: one block each, a labelled text field, no photo picker.
  let dialog = await openDialog(page, textProduct);
  const units = dialog.getByRole('group');
  expect(await units.count()).toBe(2);
  await dialog.getByRole('group', { name: m.unitLabel(1, textProduct.name), exact: true }).waitFor();
  await dialog.getByRole('group', { name: m.unitLabel(2, textProduct.name), exact: true }).waitFor();
  expect(await dialog.getByPlaceholder(m.placeholder, { exact: true }).count()).toBe(2);
  expect(await dialog.locator('input[type="file"]').count()).toBe(0);
  // The intro has the focus (read out; no phone keyboard over the form yet); sending empty says what is missing beside
  // each field, sends nothing and moves the focus to the first field to fix.
  await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(m.intro(textProduct.name));
  await dialog.getByRole('button', { name: m.send, exact: true }).click();
  await poll(() => dialog.getByRole('alert').allTextContents()).toEqual([refused.textRequired, refused.textRequired]);
  expect(adds).toEqual([]);
  await poll(() => dialog.getByLabel('Customization details for unit 1').evaluate((field) => field === document.activeElement)).toBe(true);
  await dialog.getByLabel('Customization details for unit 1').fill('Happy birthday, Asha');
  await dialog.getByLabel('Customization details for unit 2').fill('With love, Ravi');
  await poll(() => dialog.getByRole('alert').count()).toBe(0);
  await sendAndClose(page, dialog);
  const textLine = lineOf(page, textProduct);
  await textLine.getByText('Happy birthday, Asha', { exact: true }).waitFor();
  await textLine.getByText('With love, Ravi', { exact: true }).waitFor();
  expect(await textLine.locator('[data-personalisation]').getAttribute('data-personalisation')).toBe('sent');

  // Photo product, mediaLimit 2: no text field; choosing one photo is refused at once (toast and beside the field) and
  // uploads nothing.
  dialog = await openDialog(page, imageProduct);
  expect(await dialog.getByPlaceholder(m.placeholder).count()).toBe(0);
  const picker = dialog.getByLabel('Choose 2 photos', { exact: true });
  expect(await picker.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,image/heic,image/heif');
  expect(await picker.getAttribute('multiple')).not.toBeNull();
  await picker.setInputFiles([photos[0]!]);
  await seeToast(page, refused.imageCount(2));
  await dialog
    .getByRole('alert')
    .filter({ hasText: refused.imageCount(2) })
    .waitFor();
  expect(uploads).toEqual([]);
  // Send is blocked while the photo check fails.
  await dialog.getByRole('button', { name: m.send, exact: true }).click();
  await seeToast(page, refused.imageCount(2));
  expect(adds.length).toBe(1);
  // Two photos upload at once, with 'Uploading...' and a progress bar (the answer is held back a little to see them).
  await page.route(`**${customisationApiPaths.upload}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await picker.setInputFiles([photos[0]!, photos[1]!]);
  await dialog.getByText(m.uploading, { exact: true }).waitFor();
  await dialog.getByRole('progressbar', { name: 'Upload progress for unit 1' }).waitFor();
  expect(await dialog.locator('form').getAttribute('data-state')).toBe('uploading');
  await dialog.getByRole('img', { name: 'Photo 2 for unit 1' }).waitFor();
  expect(await dialog.locator('form').getAttribute('data-state')).toBe('editing');
  expect(await thumbnailsOf(dialog)).toEqual([
    [80, 80],
    [80, 80],
  ]);
  expect(uploads.length).toBe(1);
  // Removing one leaves one: Send is refused again until two are chosen.
  await dialog.getByRole('button', { name: 'Remove photo 2 of unit 1', exact: true }).click();
  await poll(() => dialog.getByRole('img').count()).toBe(1);
  // The focus moved to the unit's photo picker rather than being lost with the removed button.
  await poll(() => picker.evaluate((input) => input === document.activeElement)).toBe(true);
  await dialog.getByRole('button', { name: m.send, exact: true }).click();
  await seeToast(page, refused.imageCount(2));
  expect(adds.length).toBe(1);
  await picker.setInputFiles([photos[2]!, photos[3]!]);
  await dialog.getByRole('img', { name: 'Photo 2 for unit 1' }).waitFor();
  await page.unroute(`**${customisationApiPaths.upload}`);
  await sendAndClose(page, dialog);
  const imageLine = lineOf(page, imageProduct);
  expect(await imageLine.locator('[data-personalisation]').getAttribute('data-personalisation')).toBe('sent');
  expect(await thumbnailsOf(imageLine)).toEqual([
    [80, 80],
    [80, 80],
  ]);

  // Text-and-photo product: both are asked for.
  const bothLimit = bothProduct.product_customization!.mediaLimit;
  dialog = await openDialog(page, bothProduct);
  await dialog.getByRole('button', { name: m.send, exact: true }).click();
  await seeToast(page, refused.imageCount(bothLimit));
  expect(await dialog.getByRole('alert').allTextContents()).toEqual([refused.textRequired, refused.imageCount(bothLimit)]);
  await dialog.getByLabel('Customization details for unit 1').fill('Meera & Kabir');
  // A refused upload (a text file named .jpg) shows the server's message as a toast and beside the picker.
  const bothPicker = dialog.locator('input[type="file"]');
  await bothPicker.setInputFiles([fakePhoto, ...photos.slice(0, bothLimit - 1)]);
  await seeToast(page, refused.fileType);
  await dialog.getByRole('alert').filter({ hasText: refused.fileType }).waitFor();
  expect(await dialog.getByRole('img').count()).toBe(0);
  await bothPicker.setInputFiles(photos.slice(0, bothLimit));
  await dialog.getByRole('img', { name: `Photo ${bothLimit} for unit 1` }).waitFor();
  await sendAndClose(page, dialog);

  // The order page (rendered on the server) shows every unit's text and 80x80 thumbnails linking to the display size.
  await page.reload();
  for (const product of [textProduct, imageProduct, bothProduct]) {
    expect(await lineOf(page, product).locator('[data-personalisation]').getAttribute('data-personalisation')).toBe('sent');
  }
  const bothLine = lineOf(page, bothProduct);
  await bothLine.getByText('Meera & Kabir', { exact: true }).waitFor();
  expect((await thumbnailsOf(bothLine)).length).toBe(bothLimit);
  const display = await bothLine.getByRole('link', { name: `Photo 1 for unit 1 of ${bothProduct.name}` }).getAttribute('href');
  const full = await page.context().request.get(display!);
  expect(full.status()).toBe(200);
  expect(full.headers()['content-type']).toMatch(/^image\//);

  // Sent details come back into the dialog and may be replaced while the order is not yet in production.
  dialog = await openDialog(page, textProduct, `Change personalisation of ${textProduct.name}`);
  expect(await dialog.getByLabel('Customization details for unit 2').inputValue()).toBe('With love, Ravi');
  await dialog.getByLabel('Customization details for unit 2').fill('With love, Ravi and Anu');
  await sendAndClose(page, dialog);
  await textLine.getByText('With love, Ravi and Anu', { exact: true }).waitFor();

  // The orders list no longer flags it.
  await page.goto('/my-account/orders');
  await page.getByRole('link', { name: `View order ${order.number}` }).waitFor();
  expect(await page.locator('[data-personalisation-needed]').count()).toBe(0);

  // The shop starts making it while the dialog is open: Send answers 409, its message is a toast, and the dialog then
  // shows the line locked, read-only.
  await page.goto(`/my-account/orders/${order._id}`);
  dialog = await openDialog(page, textProduct, `Change personalisation of ${textProduct.name}`);
  await moveOrder(order._id, ['confirmed', 'in_production']);
  await dialog.getByLabel('Customization details for unit 1').fill('Too late');
  await dialog.getByRole('button', { name: m.send, exact: true }).click();
  await seeToast(page, refused.locked);
  await dialog.locator('[data-locked]').waitFor();
  expect(await dialog.locator('input').count()).toBe(0);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // In production: every line is locked, shows what was sent, and offers no Customise button.
  await page.reload();
  for (const product of [textProduct, imageProduct, bothProduct]) {
    expect(await lineOf(page, product).locator('[data-personalisation]').getAttribute('data-personalisation')).toBe('locked');
  }
  expect(await page.locator('[data-locked]').allTextContents()).toEqual(['🔒 Locked', '🔒 Locked', '🔒 Locked']);
  expect(await page.getByRole('button', { name: /^(Customise|Change personalisation of) / }).count()).toBe(0);
  await lineOf(page, textProduct).getByText('With love, Ravi and Anu', { exact: true }).waitFor();
  // The only failed requests are the refused upload and the late Send, which the browser logs.
  expect(errorsOf(page)).toEqual([
    'Failed to load resource: the server responded with a status of 415 (Unsupported Media Type)',
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
});

test('in Arabic the dialog reads right to left, translated, with the same rules', async () => {
  const page = await session.newPage({ locale: 'ar' });
  const person = await signedUpCustomer(page.context(), 'personaliser-ar');
  const address = await api<{ _id: string }>(page, 'POST', '/api/user/addresses', {
    name: person.name,
    mobile: '9876543211',
    line1: '3, Marine Drive',
    city: 'Kochi',
    state: 'Kerala',
    pincode: '682031',
  });
  const order = await api<{ _id: string }>(page, 'POST', '/api/user/order', {
    items: [{ productId: textProduct._id, variantId: null, quantity: 1 }],
    addressId: address._id,
    paymentMethod: 'cod',
  });
  await page.goto(`/my-account/orders/${order._id}`);
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  await page.getByRole('button', { name: `تخصيص ${textProduct.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `أدخل تفاصيل التخصيص أدناه للمنتج ${textProduct.name}.`, exact: true });
  await dialog.waitFor();
  await dialog.getByRole('group', { name: `الكمية 1 : ${textProduct.name}`, exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'إرسال', exact: true }).click();
  await dialog.getByRole('alert').filter({ hasText: 'التفاصيل مطلوبة' }).waitFor();
  await dialog.getByLabel('تفاصيل التخصيص للقطعة 1').fill('عيد ميلاد سعيد');
  await dialog.getByRole('button', { name: 'إرسال', exact: true }).click();
  await page.locator('.Toastify__toast').filter({ hasText: 'تمت إضافة التفاصيل بنجاح' }).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('[data-personalisation="sent"]').getByText('عيد ميلاد سعيد', { exact: true }).waitFor();
  expect(errorsOf(page)).toEqual([]);
});
