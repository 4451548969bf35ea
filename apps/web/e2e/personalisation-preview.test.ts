import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { customisationMessages as m } from '@shop/domain/customisation';
import { expect, test } from 'vitest';
import { uniquePhone, signedUpCustomer } from './accounts';
import { adminCookie, signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * The live personalisation preview (issue 24, decision 107) in the browser, on a phone-sized screen: staff give a name
 * plate a template (through the back office's API), the shopper types a name and the canvas changes as they type, adds
 * the personalised plate to the cart, buys it as a gift with a message and wrap; the order line carries the name and
 * the rendered preview (staff see it in the back office), and the customisation dialog opens prefilled. axe checks the
 * personalised product page.
 */
const session = useBrowser();
const PHONE = { width: 375, height: 812, mobile: true };
const NAME = 'Asha Rao';
const MESSAGE = 'For your new home, Asha!';

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
    customizationType: 'text',
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
  const png = readFileSync(createRequire(import.meta.url).resolve('../public/icons/icon-512.png'));
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
      {
        kind: 'text',
        id: 'name',
        label: 'Name',
        x: 0.1,
        y: 0.4,
        w: 0.8,
        h: 0.2,
        font: 'playfair',
        minSize: 16,
        maxSize: 80,
        colour: '#b91c1c',
        maxChars: 16,
        align: 'center',
      },
    ],
  });
  return { id, slug: product.slug as string, name: product.name as string };
}

test('a name plate personalised live on a phone, bought as a gift: the order keeps the name and the preview, the dialog opens prefilled (axe)', async () => {
  const plate = await namePlate();
  const page = await session.newPage(PHONE);
  await signedUpCustomer(page.context(), 'preview');
  await page.goto(`/product/${plate.slug}`);

  const panel = page.getByTestId('personalisation-panel');
  const canvas = panel.getByRole('img', { name: `Preview of ${plate.name} with your personalisation` });
  await canvas.waitFor();
  const pixels = () => canvas.evaluate((node) => (node as HTMLCanvasElement).toDataURL('image/png'));
  // The base photo is drawn before anything is typed.
  await expect.poll(async () => (await pixels()).length, { timeout: 15_000 }).toBeGreaterThan(1_000);
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
  // Fits the phone: the canvas is no wider than the screen.
  expect((await canvas.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);

  await panel.getByRole('button', { name: 'Add personalised item to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Shopping cart' });
  await drawer.waitFor();
  const stored = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('cart') ?? '{}') as { state: { items: { personalisation?: { texts: Record<string, string>; previewId: string } }[] } },
  );
  expect(stored.state.items[0]!.personalisation!.texts).toEqual({ name: NAME });
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

  // The order line carries the name and the preview image.
  const order = await admin('GET', `/api/admin/orders/${orderId}`);
  const line = (
    order.order as {
      items: { personalisation: { texts: Record<string, string>; preview: { original: string } }; customisation: { units: { text: string }[] } }[];
      gift: { message: string; wrap: boolean };
    }
  ).items[0]!;
  expect(line.personalisation.texts).toEqual({ name: NAME });
  expect(line.customisation.units).toEqual([expect.objectContaining({ text: NAME })]);
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

  // The customer's customisation dialog opens prefilled with the name.
  await page.goto(`/my-account/orders/${orderId}`);
  await page.getByRole('button', { name: `Change the personalisation of ${plate.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: m.intro(plate.name), exact: true });
  await dialog.waitFor();
  await expect.poll(() => dialog.getByLabel('Customization details for unit 1').inputValue()).toBe(NAME);
  expect(errorsOf(page)).toEqual([]);
});
