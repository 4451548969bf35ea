import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { customisationMessages as m } from '@shop/domain/customisation';
import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { signInByPhone, uniquePhone } from './accounts';
import { adminCookie, signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * The live personalisation preview (issue 24, decisions 107 and 120) in the browser, on a phone-sized screen: staff
 * give a name plate a template (through the back office's API), a signed-out shopper types a name (the canvas changes
 * as they type), picks a photo and two plates, presses Add, is asked to sign in, comes back after a reload with the name
 * and quantity kept, signs in in the dialog and the plates are added; they buy them as a gift; the order line carries
 * the name, the photo on both units and the rendered preview (staff see it in the back office, the shopper on their
 * order page), and the customisation dialog opens prefilled. In Arabic (rtl), an Arabic name is drawn right to left at
 * the start (right) of its box. axe checks the product pages and the order page.
 */
const session = useBrowser();
const PHONE = { width: 375, height: 812, mobile: true };
const NAME = 'Asha Rao';
const ARABIC_NAME = 'آشا راو';
const MESSAGE = 'For your new home, Asha!';
const ICON = createRequire(import.meta.url).resolve('../public/icons/icon-512.png');
/** The name box, in fractions of the base photo: the ink of the name is looked for in its rows. */
const NAME_BOX = { x: 0.1, y: 0.4, w: 0.8, h: 0.2 };

async function admin(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie: await adminCookie(), origin: baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A published, text-personalised name plate with one image and a template: a name box across its middle. */
async function namePlate() {
  const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { data: { _id: string }[] } | { _id: string }[];
  const categoryId = (Array.isArray(categories) ? categories : categories.data)[0]!._id;
  const suffix = Date.now().toString(36);
  const product = await admin('POST', '/api/admin/products', {
    name: `Preview name plate ${suffix}`,
    slug: `preview-name-plate-${suffix}`,
    description: 'A brass name plate with your name on it.',
    categoryId,
    brandId: null,
    price: 29_900,
    mrp: 39_900,
    stock: 20,
    cod: true,
    customizationType: 'both',
    mediaLimit: 1,
    hsnCode: '4421',
    gstRate: 1200,
    weightGrams: 400,
    tags: [],
    featured: false,
    flashSaleEndsAt: null,
    newArrival: false,
    unique: false,
    onSelling: false,
    published: true,
    needsProof: false,
    variants: [],
  });
  const id = product._id as string;
  // The base photo goes through the product image upload (disk or bucket, like every catalogue picture).
  const form = new FormData();
  const png = readFileSync(ICON);
  form.append('files', new Blob([png], { type: 'image/png' }), 'plate.png');
  const uploaded = await fetch(`${baseUrl}/api/admin/products/${id}/images`, {
    method: 'POST',
    headers: { cookie: await adminCookie(), origin: baseUrl },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`image upload: ${uploaded.status} ${await uploaded.text()}`);
  const images = ((await uploaded.json()) as { images: { id: string }[] }).images;
  await admin('PUT', `/api/admin/products/${id}/personalisation`, {
    baseImageId: images[0]!.id,
    areas: [
      // Aligned at the start: an English name sits at the box's left, an Arabic one at its right.
      { kind: 'text', id: 'name', label: 'Name', ...NAME_BOX, font: 'playfair', minSize: 16, maxSize: 80, colour: '#facc15', maxChars: 16, align: 'start' },
      { kind: 'photo', id: 'portrait', label: 'Portrait', x: 0.05, y: 0.05, w: 0.3, h: 0.3, aspect: 1 },
    ],
  });
  return { id, slug: product.slug as string, name: product.name as string };
}

let made: ReturnType<typeof namePlate> | undefined;
/** One plate for the file's tests. */
const plateOnce = () => (made ??= namePlate());

// The plate is a cheap, in-stock, cash-on-delivery product: later files looking for "a plain product" must not find it.
afterAll(async () => {
  if (made) await admin('POST', `/api/admin/products/${(await made).id}/publish`, { published: false });
});

/** The canvas of the panel, its pixels, and where the name's ink lies against the base photo drawn alone. */
async function previewOf(page: Page, productName: string, label: string) {
  const panel = page.getByTestId('personalisation-panel');
  const canvas = panel.getByRole('img', { name: label.replace('{name}', productName) });
  await canvas.waitFor();
  const pixels = () => canvas.evaluate((node) => (node as HTMLCanvasElement).toDataURL('image/png'));
  // The base photo is drawn before anything is typed.
  await expect.poll(async () => (await pixels()).length, { timeout: 15_000 }).toBeGreaterThan(1_000);
  await canvas.evaluate((node) => {
    const c = node as HTMLCanvasElement;
    (window as unknown as { basePixels: Uint8ClampedArray }).basePixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
  });
  /** The leftmost and rightmost columns (fractions of the width) where the name box's rows differ from the base photo. */
  const ink = () =>
    canvas.evaluate((node: Element, box: typeof NAME_BOX) => {
      const c = node as HTMLCanvasElement;
      const now = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      const base = (window as unknown as { basePixels: Uint8ClampedArray }).basePixels;
      let left = Infinity;
      let right = -Infinity;
      for (let y = Math.floor(box.y * c.height); y < Math.ceil((box.y + box.h) * c.height); y++) {
        for (let x = 0; x < c.width; x++) {
          const i = (y * c.width + x) * 4;
          if (Math.abs(now[i]! - base[i]!) + Math.abs(now[i + 1]! - base[i + 1]!) + Math.abs(now[i + 2]! - base[i + 2]!) > 90) {
            left = Math.min(left, x);
            right = Math.max(right, x + 1);
          }
        }
      }
      return { left: left / c.width, right: right / c.width };
    }, NAME_BOX);
  return { panel, canvas, pixels, ink };
}

const loaded = (image: Locator) => image.evaluate((node) => (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth > 0);

test('a name plate personalised live on a phone while signed out, added after signing in, bought as a gift: the order keeps the name, the photo per unit and the preview, shown to the shopper (axe)', async () => {
  const plate = await plateOnce();
  const page = await session.newPage(PHONE);
  await page.goto(`/product/${plate.slug}`);

  const { panel, canvas, pixels, ink } = await previewOf(page, plate.name, 'Preview of {name} with your personalisation');
  const before = await pixels();
  expect(await axeViolations(page)).toEqual([]);

  // Typing redraws the canvas in the browser, keystroke by keystroke: no request is made for it.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const name = panel.getByLabel('Name', { exact: true });
  await name.pressSequentially(NAME);
  await expect.poll(() => canvas.getAttribute('data-preview-text')).toBe(NAME);
  await expect.poll(pixels).not.toBe(before);
  expect(requests.filter((url) => url.includes('/api/'))).toEqual([]);
  await panel.getByText(`${NAME.length} of 16 characters`).waitFor();
  // A start-aligned English name is drawn from the box's left edge.
  const english = await ink();
  expect(english.left).toBeLessThan(NAME_BOX.x + 0.05);
  expect((english.left + english.right) / 2).toBeLessThan(0.5);
  // Fits the phone: the canvas is no wider than the screen.
  expect((await canvas.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);

  // Signed out, Add asks for a sign-in (decision 120) and keeps the name and the quantity for after it.
  const photo = panel.getByLabel('Photo for Portrait');
  await photo.setInputFiles(ICON);
  await page.getByLabel('Quantity').selectOption('2');
  const add = panel.getByRole('button', { name: 'Add personalised item to cart' });
  await add.click();
  await page.getByRole('dialog', { name: 'Sign in or sign up' }).waitFor();
  await panel.getByText('Sign in to finish: your personalised item goes into the cart as soon as you are signed in.').waitFor();
  await page.keyboard.press('Escape');
  // A sign-in that reloads the page (Google, an emailed link) finds them again; the photo is chosen again.
  await page.reload();
  await expect.poll(() => name.inputValue()).toBe(NAME);
  expect(await page.getByLabel('Quantity').inputValue()).toBe('2');
  await panel.getByText('Choose your photos again: a reloaded page cannot keep them.').waitFor();
  await photo.setInputFiles(ICON);
  await add.click();
  await signInByPhone(page);
  // Signed in: the plates go into the cart by themselves, photo and preview uploaded.
  const drawer = page.getByRole('dialog', { name: 'Shopping cart' });
  await drawer.waitFor({ timeout: 15_000 });
  const stored = await page.evaluate(() => ({
    cart: JSON.parse(localStorage.getItem('cart') ?? '{}') as {
      state: { items: { quantity: number; personalisation?: { texts: Record<string, string>; photos: Record<string, string>; previewId: string } }[] };
    },
    pending: sessionStorage.getItem('personalisation-pending'),
  }));
  const [item] = stored.cart.state.items;
  expect(item!.quantity).toBe(2);
  expect(item!.personalisation!.texts).toEqual({ name: NAME });
  expect(Object.keys(item!.personalisation!.photos)).toEqual(['portrait']);
  expect(stored.pending).toBeNull();
  await page.keyboard.press('Escape');

  // Checkout as a gift with a message and wrap.
  await page.goto('/checkout');
  const address = page.getByRole('form', { name: 'Add an address' });
  await address.getByLabel('Full name').fill('Asha Rao');
  await address.getByLabel('Mobile number (10 digits)').fill(uniquePhone());
  await address.getByLabel('House number and street').fill('12 Lake Road');
  await address.getByLabel('City').fill('Pune');
  await address.getByLabel('State').selectOption('Maharashtra');
  await address.getByLabel('PIN code').fill('411001');
  await address.getByRole('button', { name: 'Save address' }).click();
  await page
    .getByRole('group', { name: 'Delivery address' })
    .getByRole('radio', { name: /Asha Rao/ })
    .waitFor();
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  const gift = page.getByRole('group', { name: 'Gift options' });
  await gift.getByRole('checkbox', { name: 'This is a gift' }).check();
  await gift.getByLabel("Recipient's name").fill('Asha Rao');
  await gift.getByLabel("Recipient's mobile number").fill('91234 56789');
  await gift.getByLabel('Gift message (printed on the packing slip)').fill(MESSAGE);
  await gift.getByRole('checkbox', { name: /^Gift wrap/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/order\?id=/);
  const orderId = new URL(page.url()).searchParams.get('id')!;
  expect(errorsOf(page)).toEqual([]);

  // The order line carries the name and the preview image; both units the name and the photo (decision 120).
  const order = await admin('GET', `/api/admin/orders/${orderId}`);
  const line = (
    order.order as {
      items: {
        personalisation: { texts: Record<string, string>; preview: { original: string } };
        customisation: { units: { text: string; customization_image: { id: string }[] }[] };
      }[];
    }
  ).items[0]!;
  expect(line.personalisation.texts).toEqual({ name: NAME });
  expect(line.customisation.units).toEqual([
    { text: NAME, customization_image: [expect.objectContaining({ id: expect.any(String) })] },
    { text: NAME, customization_image: [expect.objectContaining({ id: expect.any(String) })] },
  ]);
  expect((order.order as { gift: { message: string; wrap: boolean } }).gift).toMatchObject({ message: MESSAGE, wrap: true });
  const image = await fetch(`${baseUrl}${line.personalisation.preview.original}`, { headers: { cookie: await adminCookie() } });
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\//);

  // Staff see it on the order in the back office.
  const staff = await session.newPage();
  await signInAdmin(staff.context());
  await staff.goto(`/admin/orders/${orderId}`);
  const preview = staff.getByTestId('live-preview');
  await preview.getByRole('img', { name: 'Preview the customer saw' }).waitFor();
  await preview.getByText(NAME).waitFor();

  // The shopper sees it on their own order page, with what they typed (the image is served to them by their session).
  await page.goto(`/my-account/orders/${orderId}`);
  const mine = page.getByTestId('order-preview');
  const shown = mine.getByRole('img', { name: `Preview of ${plate.name} as you personalised it` });
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(shown)).toBe(true);
  await mine.getByRole('list', { name: 'What you typed' }).getByText(NAME, { exact: true }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // The customisation dialog opens prefilled: the name and the photo for both units.
  await page.getByRole('button', { name: `Change personalisation of ${plate.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m.intro(plate.name), exact: true });
  await dialog.waitFor();
  await expect.poll(() => dialog.getByLabel('Customization details for unit 1').inputValue()).toBe(NAME);
  expect(await dialog.getByLabel('Customization details for unit 2').inputValue()).toBe(NAME);
  await dialog.getByRole('img', { name: 'Photo 1 for unit 2' }).waitFor();
  expect(errorsOf(page)).toEqual([]);
});

test('in Arabic (rtl), an Arabic name is drawn right to left from the start (right) of its box (axe)', async () => {
  const plate = await plateOnce();
  const arabic = await session.newPage({ ...PHONE, locale: 'ar' });
  await arabic.goto(`/ar/product/${plate.slug}`);
  expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
  const { panel, canvas, pixels, ink } = await previewOf(arabic, plate.name, 'معاينة {name} مع تخصيصك');
  const before = await pixels();
  // The area's label is staff's (English); the input takes the name's own direction.
  await panel.getByLabel('Name', { exact: true }).pressSequentially(ARABIC_NAME);
  await expect.poll(() => canvas.getAttribute('data-preview-text')).toBe(ARABIC_NAME);
  await expect.poll(pixels).not.toBe(before);
  const drawn = await ink();
  expect(drawn.right).toBeGreaterThan(NAME_BOX.x + NAME_BOX.w - 0.05);
  expect((drawn.left + drawn.right) / 2).toBeGreaterThan(0.5);
  await panel.getByText(`${[...ARABIC_NAME].length} من 16 حرفًا`).waitFor();
  expect(await axeViolations(arabic)).toEqual([]);
  expect(errorsOf(arabic)).toEqual([]);
});
