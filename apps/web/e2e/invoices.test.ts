import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from 'vitest';
import { signedUpCustomer } from './accounts';
import { signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 21, invoices: a cash-on-delivery order is invoiced when the shop ships it; the customer downloads the GST
 * invoice PDF from their order page (the seeded shop's GSTIN, the invoice number, the line's HSN code in it); staff
 * see it on the back-office order; the GST report page passes axe in English, Hindi and Arabic.
 */

const session = useBrowser();

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(path, { method, ...(data === undefined ? {} : { data }), headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function pdfText(body: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(body), verbosity: VerbosityLevel.ERRORS });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages.join('\n');
}

test('the customer downloads the GST invoice of a shipped order from the order page; staff see it too', async () => {
  const shopper = await session.newPage();
  const person = await signedUpCustomer(shopper.context(), 'invoices');
  const listing = await api<{ data: { _id: string; slug: string; stock: number; cod: boolean; hasVariants: boolean }[] }>(
    shopper,
    'GET',
    '/api/products?limit=60&sort=newest',
  );
  const product = listing.data.find((p) => !p.hasVariants && p.cod && p.stock > 2);
  if (!product) throw new Error('no simple in-stock product in the first page');
  const detail = await api<{ hsnCode: string }>(shopper, 'GET', `/api/product/${product.slug}`);
  const address = await api<{ _id: string }>(shopper, 'POST', '/api/user/addresses', {
    name: person.name,
    mobile: '9876501234',
    line1: '7, Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560025',
  });
  const order = await api<{ _id: string; number: string }>(shopper, 'POST', '/api/user/order', {
    items: [{ productId: product._id, variantId: null, quantity: 1 }],
    addressId: address._id,
    paymentMethod: 'cod',
  });

  // Before shipping: no invoice yet, and the page says when it comes.
  await shopper.goto(`/my-account/orders/${order._id}`);
  const section = shopper.getByRole('region', { name: 'Tax invoice' });
  await section.getByText('The GST invoice is issued when your order ships.').waitFor();

  // The shop ships it (the API the back office uses).
  const admin = await session.newPage();
  await signInAdmin(admin.context());
  for (const status of ['confirmed', 'packed']) await api(admin, 'POST', `/api/admin/orders/${order._id}/status`, { status });
  await api(admin, 'POST', `/api/admin/orders/${order._id}/status`, { status: 'shipped', tracking: { carrier: 'India Post', number: 'EE123456789IN' } });

  await shopper.reload();
  const link = section.getByRole('link', { name: /^Download PDF / });
  await link.waitFor();
  const number = (await link.textContent())!.replace('Download PDF ', '');
  expect(number).toMatch(/^KG\/\d{4}\/\d{5}$/);
  const [download] = await Promise.all([shopper.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);
  const body = await readFile(await download.path());
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(body);
  // The seeded shop's sample registration (packages/db/src/seed/site-settings.ts), the number, the line's HSN code.
  expect(text).toContain('27AAKCK1234M1ZB');
  expect(text).toContain(number);
  expect(detail.hsnCode).toMatch(/^\d{4,8}$/);
  expect(text).toContain(detail.hsnCode);
  expect(text).toContain('Whether tax is payable on reverse charge: No');
  expect(await axeViolations(shopper)).toEqual([]);

  // Staff: the same document on the back-office order.
  await admin.goto(`/admin/orders/${order._id}`);
  const staffSection = admin.getByRole('region', { name: 'GST invoice and credit notes' });
  await staffSection.getByRole('link', { name: `Download PDF ${number}` }).waitFor();
  expect(await axeViolations(admin)).toEqual([]);

  expect(errorsOf(shopper)).toEqual([]);
  expect(errorsOf(admin)).toEqual([]);
});

test("the settings page's tax identity form shows the seeded registration and passes axe", async () => {
  const page = await session.newPage();
  await signInAdmin(page.context());
  // The seeded registration, as the API holds it, is what the form shows.
  const seeded = await api<{ taxIdentity: { gstin: string } | null }>(page, 'GET', '/api/admin/settings/tax');
  expect(seeded.taxIdentity?.gstin).toBe('27AAKCK1234M1ZB');
  await page.goto('/admin/settings');
  const form = page.getByTestId('tax-identity-form');
  await form.getByRole('group', { name: 'Tax identity (GST)' }).waitFor();
  await expect.poll(() => form.getByLabel('GSTIN', { exact: true }).inputValue()).toBe('27AAKCK1234M1ZB');
  // A wrong check character is refused beside the field, before anything is sent.
  await form.getByLabel('GSTIN', { exact: true }).fill('27AAKCK1234M1ZC');
  await form.getByRole('button', { name: 'Save tax identity' }).click();
  await form.getByText('Enter a valid GSTIN: 15 characters, state code, PAN and check character').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  expect(errorsOf(page)).toEqual([]);
});

test('the GST report page shows the month by rate and passes axe in English, Hindi and Arabic', async () => {
  for (const [locale, heading, dir] of [
    ['en', 'GST report', 'ltr'],
    ['hi', 'GST रिपोर्ट', 'ltr'],
    ['ar', 'تقرير ضريبة السلع والخدمات', 'rtl'],
  ] as const) {
    const page = await session.newPage({ locale });
    await signInAdmin(page.context());
    await page.goto('/admin/gst-report');
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    expect(await page.locator(`div[dir="${dir}"][lang="${locale}"]`).count()).toBeGreaterThan(0);
    const csv = page.getByRole('link', { name: locale === 'en' ? 'All sections (CSV)' : /CSV/ }).first();
    expect(await csv.getAttribute('href')).toMatch(/^\/api\/admin\/gst-report\/export\?month=\d{4}-\d{2}$/);
    expect(await axeViolations(page), locale).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
  }
});
