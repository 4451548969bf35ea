import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { signedUpCustomer } from './accounts';
import { signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 20, the shop's side of payments: a customer pays a prepaid order at the loopback Razorpay; the admin finds
 * it in the payments list (filters, CSV), reads its webhook history, and refunds one item from the order page's
 * refund dialog (keyboard, a reason required, back to stock); Razorpay's refund webhook makes it partly refunded.
 * Every page and the open dialog pass axe; the back office stays English and left to right in a storefront set to
 * Arabic or Hindi (decision 028).
 */

const session = useBrowser();

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(path, { method, ...(data === undefined ? {} : { data }), headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

test('the shop lists, filters and downloads payments, and refunds an item through the dialog until the webhook confirms it', async () => {
  // The customer: a prepaid order of two units, paid at the loopback gateway (its signed webhooks reach the API).
  const shopper = await session.newPage();
  const person = await signedUpCustomer(shopper.context(), 'admin-payments');
  const listing = await api<{ data: { _id: string; name: string; stock: number; hasVariants: boolean }[] }>(
    shopper,
    'GET',
    '/api/products?limit=60&sort=newest',
  );
  const product = listing.data.find((p) => !p.hasVariants && p.stock > 3);
  if (!product) throw new Error('no simple in-stock product in the first page');
  const address = await api<{ _id: string }>(shopper, 'POST', '/api/user/addresses', {
    name: person.name,
    mobile: '9876504321',
    line1: '3, Park Street',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
  });
  const order = await api<{ _id: string; number: string; grandTotal: number; payment: { keyId: string; providerOrderId: string } }>(
    shopper,
    'POST',
    '/api/user/order',
    { items: [{ productId: product._id, variantId: null, quantity: 2 }], addressId: address._id, paymentMethod: 'prepaid' },
  );
  // What the loopback checkout's Pay button sends (decision 061), then the browser's confirmation, as checkout.js's handler.
  const checkout = await api<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
    shopper,
    'POST',
    '/api/payments/loopback/pay',
    { key: order.payment.keyId, order_id: order.payment.providerOrderId },
  );
  const confirmed = await api<{ paymentStatus: string }>(shopper, 'POST', `/api/user/order/${order._id}/payment/verify`, checkout);
  expect(confirmed.paymentStatus).toBe('captured');
  const paid = { paymentId: checkout.razorpay_payment_id };

  // The list, searched by the order number and filtered by status and method (all in the URL).
  const admin = await session.newPage();
  await signInAdmin(admin.context());
  await admin.goto('/admin');
  await admin.getByRole('heading', { name: "Today's revenue by payment method" }).waitFor();
  await admin.getByRole('navigation', { name: 'Back office', exact: true }).getByRole('link', { name: 'Payments' }).click();
  await admin.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
  const found = await axeViolations(admin);
  await admin.getByRole('searchbox', { name: 'Search payments', exact: true }).fill(order.number);
  await admin.getByLabel('Payment status', { exact: true }).selectOption({ label: 'Captured' });
  await admin.getByLabel('Method', { exact: true }).selectOption({ label: 'Online' });
  await admin.getByRole('button', { name: 'Apply' }).click();
  await admin.waitForURL((url) => url.searchParams.get('q') === order.number && url.searchParams.get('status') === 'captured');
  const row = admin.locator(`tr[data-payment="${order.number}"]`);
  await row.getByText('Captured').waitFor();
  await row.getByText(paid.paymentId).waitFor();
  await admin.getByText('1 payment', { exact: true }).waitFor();
  // Another status leaves it out.
  await admin.goto(`/admin/payments?q=${order.number}&status=refunded`);
  await admin.getByText('No payments match these filters.').waitFor();

  // The CSV of the same filters.
  await admin.goto(`/admin/payments?q=${order.number}&method=prepaid`);
  const csvHref = await admin.getByTestId('payments-csv').getAttribute('href');
  expect(csvHref).toBe(`/api/admin/payments.csv?q=${order.number}&method=prepaid`);
  const csv = await admin.context().request.get(csvHref as string);
  expect(csv.ok()).toBe(true);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  const lines = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${order.number},`);
  expect(lines[1]).toContain(`,prepaid,captured,razorpay,`);

  // The payment's page: provider ids and the webhook history.
  await admin.getByRole('link', { name: order.number }).click();
  await admin.waitForURL(`**/admin/payments/${order._id}`);
  await admin.getByRole('heading', { name: `Payment for order ${order.number}` }).waitFor();
  const events = admin.getByTestId('payment-events');
  await events.locator('tr[data-event="payment.captured"]').waitFor();
  await events.locator('tr[data-event="order.paid"]').waitFor();
  await admin.getByText(paid.paymentId, { exact: true }).first().waitFor();
  found.push(...(await axeViolations(admin)).map((v) => `detail ${v}`));

  // The order page's refund dialog, by keyboard: opens on Enter, Escape closes it and focus comes back.
  await admin.goto(`/admin/orders/${order._id}`);
  const panel = admin.getByRole('region', { name: 'Payment', exact: true });
  await panel.getByText('Captured').waitFor();
  const open = panel.getByRole('button', { name: 'Refund…' });
  await open.focus();
  await admin.keyboard.press('Enter');
  const dialog = admin.getByRole('dialog', { name: `Refund order ${order.number}` });
  await dialog.waitFor();
  found.push(...(await axeViolations(admin)).map((v) => `dialog ${v}`));
  await admin.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await open.evaluate((element) => element === document.activeElement)).toBe(true);

  // One of the two units, back to stock; without a reason it is refused beside the field.
  await admin.keyboard.press('Enter');
  await dialog.getByRole('radio', { name: 'Some items' }).check();
  await dialog.getByLabel(/refund how many \(up to 2\)/).fill('1');
  await dialog.getByRole('checkbox', { name: 'Put the refunded items back in stock' }).check();
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await dialog.getByText('Enter the reason for the refund', { exact: true }).waitFor();
  await dialog.getByLabel('Reason').fill('One of the two arrived cracked');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Razorpay's refund.processed webhook settles it: partly refunded, the item back in stock.
  await admin.goto(`/admin/payments/${order._id}`);
  await expect
    .poll(
      async () => {
        await admin.reload();
        return admin.locator('[data-refund-status]').first().getAttribute('data-refund-status');
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe('processed');
  await admin.getByTestId('refunds').getByText('Items back in stock', { exact: true }).waitFor();
  await admin.locator('[data-payment-status="partially_refunded"]').first().waitFor();
  await admin.getByTestId('payment-events').locator('tr[data-event="refund.processed"]').waitFor();
  await admin.getByText('One of the two arrived cracked').waitFor();

  // The filter finds it among partly refunded payments.
  await admin.goto(`/admin/payments?status=partially_refunded&q=${order.number}`);
  await admin.locator(`tr[data-payment="${order.number}"]`).getByText('Partly refunded').waitFor();

  // A storefront set to Arabic or Hindi: the back office stays English, left to right, and passes axe.
  for (const locale of ['ar', 'hi']) {
    const other = await session.newPage({ locale });
    await signInAdmin(other.context());
    await other.goto(`/admin/payments/${order._id}`);
    await other.getByRole('heading', { name: `Payment for order ${order.number}` }).waitFor();
    expect(await other.locator('div[lang="en"][dir="ltr"]').count()).toBeGreaterThan(0);
    found.push(...(await axeViolations(other)).map((v) => `${locale} ${v}`));
    expect(errorsOf(other)).toEqual([]);
  }

  expect(found).toEqual([]);
  expect(errorsOf(admin)).toEqual([]);
  expect(errorsOf(shopper)).toEqual([]);
});
