import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatInr } from '@shop/domain/money';
import { expect, test } from 'vitest';
import { uniquePhone, signedUpCustomer } from './accounts';
import { adminCookie, signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Gifting (issue 24) in the browser: on a phone-sized screen a shopper buys a name plate as a gift with a message and
 * gift wrap (the wrap line joins the summary, an occasion before the earliest delivery is warned about); staff see
 * the gift on the order and download the packing slip PDF; staff upload a proof, and the customer approves it on the
 * order page, after which the order can go into production. axe checks the changed storefront pages in English and
 * Arabic (right to left).
 */
const session = useBrowser();
const PHONE = { width: 390, height: 844, mobile: true };
const MESSAGE = 'Happy birthday, Meera! Love, Ravi';

async function admin(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie: await adminCookie(), origin: baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A published name plate that needs a proof, made through the back office's API (its form is tested elsewhere). */
async function proofProduct() {
  const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { data: { _id: string }[] } | { _id: string }[];
  const categoryId = (Array.isArray(categories) ? categories : categories.data)[0]!._id;
  const suffix = Date.now().toString(36);
  const product = await admin('POST', '/api/admin/products', {
    name: `Gift name plate ${suffix}`,
    slug: `gift-name-plate-${suffix}`,
    description: 'A wooden name plate, proofed before it is carved.',
    categoryId,
    brandId: null,
    price: 29_900,
    mrp: 39_900,
    stock: 20,
    cod: true,
    customizationType: null,
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
    needsProof: true,
    variants: [],
  });
  return { id: product._id as string, slug: product.slug as string, name: product.name as string };
}

test('a gift with a message and wrap on a phone, the packing slip for staff, a proof the customer approves (axe en, ar)', async () => {
  const plate = await proofProduct();
  const page = await session.newPage(PHONE);
  await signedUpCustomer(page.context(), 'gift');
  await page.goto(`/product/${plate.slug}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Shopping cart' });
  await drawer.waitFor();
  await page.keyboard.press('Escape');
  await page.goto('/checkout');
  const address = page.getByRole('form', { name: 'Add an address' });
  await address.getByLabel('Full name').fill('Meera Iyer');
  await address.getByLabel('Mobile number (10 digits)').fill(uniquePhone());
  await address.getByLabel('House number and street').fill('4 Temple Street');
  await address.getByLabel('City').fill('Chennai');
  await address.getByLabel('State').selectOption('Tamil Nadu');
  await address.getByLabel('PIN code').fill('600001');
  await address.getByRole('button', { name: 'Save address' }).click();
  await page
    .getByRole('group', { name: 'Delivery address' })
    .getByRole('radio', { name: /Meera Iyer/ })
    .waitFor();
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();

  // The gift options: recipient, a counted message, wrap at the shop's price, and an occasion today, before any delivery.
  const gift = page.getByRole('group', { name: 'Gift options' });
  await gift.getByRole('checkbox', { name: 'This is a gift' }).check();
  await gift.getByLabel("Recipient's name").fill('Meera Iyer');
  await gift.getByLabel("Recipient's mobile number").fill('91234 56789');
  await gift.getByLabel('Gift message (printed on the packing slip)').fill(MESSAGE);
  await gift.getByText(`${250 - MESSAGE.length} of 250 characters left`).waitFor();
  await gift.getByRole('checkbox', { name: `Gift wrap (+${formatInr(4_900)})` }).check();
  await gift.getByLabel('Occasion', { exact: true }).selectOption('birthday');
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  await gift.getByLabel('Date of the occasion').fill(today);
  await gift
    .getByTestId('gift-late')
    .getByText(/the earliest this order can arrive is .*, after the Birthday on/)
    .waitFor();
  const summary = page.getByRole('region', { name: 'Order summary' });
  const wrapLine = summary.locator('div', { has: page.getByText('Gift wrap', { exact: true }) }).locator('dd');
  await expect.poll(() => wrapLine.textContent()).toBe(formatInr(4_900));
  // 29,900 + shipping 15,000 (under ₹499) + wrap 4,900.
  await summary.getByText(formatInr(29_900 + 15_000 + 4_900)).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  // The occasion moved to a date the parcel can make.
  await gift.getByLabel('Date of the occasion').fill('2099-12-31');
  await gift.getByTestId('gift-on-time').waitFor();

  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/order\?id=/);
  const orderId = new URL(page.url()).searchParams.get('id')!;
  const number = (await page.locator('[data-order-number]').textContent())!;
  await page.getByRole('region', { name: 'Payment summary' }).getByText('Gift wrap').waitFor();
  expect(errorsOf(page)).toEqual([]);

  // Staff see the gift and download the packing slip.
  const staff = await session.newPage();
  await signInAdmin(staff.context());
  await staff.goto(`/admin/orders/${orderId}`);
  await staff.getByTestId('admin-gift-message').getByText(MESSAGE).waitFor();
  const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByTestId('packing-slip-pdf').click()]);
  expect(download.suggestedFilename()).toBe(`${number}-packing-slip.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Staff upload a proof; production is refused until the customer approves it.
  const proofs = staff.getByTestId('admin-proofs');
  const png = readFileSync(createRequire(import.meta.url).resolve('../public/icons/icon-192.png'));
  await proofs.getByLabel('Proof image').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: png });
  await proofs.getByLabel('Note to the customer (optional)').fill('Carved in teak, letters 4 cm high');
  await proofs.getByRole('button', { name: 'Upload proof' }).click();
  await proofs.locator('[data-proof-status="pending"]').waitFor();
  const early = await fetch(`${baseUrl}/api/admin/orders/${orderId}/status`, {
    method: 'POST',
    headers: { cookie: await adminCookie(), origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'confirmed' }),
  });
  expect(early.status).toBe(200);
  const blocked = await admin('GET', `/api/admin/orders/${orderId}`);
  expect((blocked.order as { proofs: { cleared: boolean } }).proofs.cleared).toBe(false);

  // The customer approves it on the order page, in Arabic (right to left) on the phone.
  const arabic = await session.newPage({ ...PHONE, locale: 'ar' });
  await arabic.context().addCookies(await page.context().cookies());
  await arabic.goto(`/my-account/orders/${orderId}`);
  expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
  const review = arabic.getByTestId('order-proofs');
  await review.getByText('Carved in teak, letters 4 cm high', { exact: false }).waitFor();
  await arabic.getByTestId('order-gift').getByText(MESSAGE).waitFor();
  expect(await axeViolations(arabic)).toEqual([]);
  await review.getByRole('button', { name: 'اعتماد هذا النموذج' }).click();
  await review.locator('[data-proof-status="approved"]').waitFor();
  expect(errorsOf(arabic)).toEqual([]);

  // The English order page passes axe too, and production may now start.
  await page.goto(`/my-account/orders/${orderId}`);
  await page.getByTestId('order-proofs').getByText('Approved').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  const making = await fetch(`${baseUrl}/api/admin/orders/${orderId}/status`, {
    method: 'POST',
    headers: { cookie: await adminCookie(), origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'in_production' }),
  });
  expect(making.status).toBe(200);
});
