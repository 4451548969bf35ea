import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { signedUpCustomer } from './accounts';
import { signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 7, orders: a customer orders; the shop's admin finds the order in the back office, moves it confirmed →
 * packed → shipped (carrier and tracking number required), and the customer sees the tracking on their order page.
 * The order page's refund dialog offers to put refunded items back in stock only while they are not back already.
 */

const session = useBrowser();

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(path, { method, ...(data === undefined ? {} : { data }), headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

const optionsOf = (page: Page) => page.getByLabel('New status', { exact: true }).locator('option').allTextContents();

async function move(page: Page, status: string, next: string[]) {
  await page.getByLabel('New status', { exact: true }).selectOption({ label: status });
  await page.getByRole('button', { name: 'Update status' }).click();
  await page.getByText(`Order is now ${status}`).waitFor();
  // The page re-renders after the toast (the order and its shipment card are read again): a few seconds under load.
  await expect.poll(() => optionsOf(page), { timeout: 10_000 }).toEqual(['Choose…', ...next]);
}

test('the shop moves an order to shipped with tracking in the back office; the customer sees the tracking', async () => {
  // The customer: signed up, an address, one cash-on-delivery order.
  const shopper = await session.newPage();
  const person = await signedUpCustomer(shopper.context(), 'admin-orders');
  const listing = await api<{ data: { _id: string; stock: number; cod: boolean; hasVariants: boolean }[] }>(
    shopper,
    'GET',
    '/api/products?limit=60&sort=newest',
  );
  const product = listing.data.find((p) => !p.hasVariants && p.cod && p.stock > 2);
  if (!product) throw new Error('no simple in-stock product in the first page');
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

  // The admin: the dashboard, then the list searched by the customer's email (a shareable URL), then the order.
  const admin = await session.newPage();
  await signInAdmin(admin.context());
  await admin.goto('/admin');
  await admin.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await admin.getByRole('heading', { name: 'Orders today' }).waitFor();
  await admin.goto('/admin/orders');
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(person.email);
  await admin.getByRole('button', { name: 'Apply' }).click();
  await admin.waitForURL((url) => url.searchParams.get('q') === person.email);
  expect(await admin.getByTestId('count-placed').textContent()).toBe('1');
  await admin.getByRole('link', { name: order.number }).click();
  await admin.waitForURL(`**/admin/orders/${order._id}`);
  await admin.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
  // The customer's e-mail shows in the order's customer block (and again beside its messages).
  await admin.getByText(person.email, { exact: true }).first().waitFor();

  // Only the moves the status machine allows are offered.
  expect(await optionsOf(admin)).toEqual(['Choose…', 'Confirmed', 'Cancelled']);
  // Cancelling needs a reason: the form says so beside the field and sends nothing.
  await admin.getByLabel('New status', { exact: true }).selectOption({ label: 'Cancelled' });
  await admin.getByRole('button', { name: 'Update status' }).click();
  await admin.getByText('Give a reason for cancelling this order', { exact: true }).waitFor();

  await move(admin, 'Confirmed', ['In production', 'Packed', 'Cancelled']);
  await move(admin, 'Packed', ['Shipped', 'Cancelled']);
  // Shipping needs a carrier and a tracking number.
  await admin.getByLabel('New status', { exact: true }).selectOption({ label: 'Shipped' });
  await admin.getByRole('button', { name: 'Update status' }).click();
  await expect.poll(() => admin.getByText('Add the carrier and the tracking number when marking an order shipped', { exact: true }).count()).toBe(2);
  await admin.getByLabel('Carrier', { exact: true }).fill('India Post');
  await admin.getByLabel('Tracking number', { exact: true }).fill('EE987654321IN');
  await admin.getByLabel('Tracking link (optional)', { exact: true }).fill('https://www.indiapost.gov.in/track?id=EE987654321IN');
  await admin.getByRole('button', { name: 'Update status' }).click();
  await admin.getByText('Order is now Shipped').waitFor();
  await expect.poll(() => optionsOf(admin), { timeout: 10_000 }).toEqual(['Choose…', 'Delivered']);
  await admin.getByRole('region', { name: 'Tracking', exact: true }).getByText('EE987654321IN').waitFor();

  // The packing slip: the address and the line, and a print button.
  await admin.goto(`/admin/orders/${order._id}/packing-slip`);
  const slip = admin.getByTestId('packing-slip');
  await slip.getByText(`Order ${order.number}`).waitFor();
  await slip.getByText('7, Residency Road', { exact: false }).waitFor();
  await slip.getByRole('button', { name: 'Print' }).waitFor();
  // Printed, only the slip shows: no shop header or footer, no back-office navigation, no print button.
  await admin.emulateMedia({ media: 'print' });
  expect(await admin.locator('body > header, header').first().isVisible()).toBe(false);
  expect(await admin.getByRole('navigation', { name: 'Back office', exact: true }).isVisible()).toBe(false);
  expect(await slip.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
  expect(await slip.getByText(`Order ${order.number}`).isVisible()).toBe(true);
  await admin.emulateMedia({ media: 'screen' });

  // On a phone the list is cards.
  const phone = await session.newPage({ width: 390, height: 844, mobile: true });
  await signInAdmin(phone.context());
  await phone.goto(`/admin/orders?q=${order.number}`);
  const cards = phone.getByTestId('order-cards');
  await cards.getByRole('link', { name: order.number }).waitFor();
  expect(await phone.locator('table').isVisible()).toBe(false);

  // The customer sees the tracking panel on their order page.
  await shopper.goto(`/my-account/orders/${order._id}`);
  const panel = shopper.getByRole('region', { name: 'Shipment tracking' });
  await panel.getByText('India Post', { exact: true }).waitFor();
  await panel.getByText('EE987654321IN', { exact: true }).waitFor();

  expect(errorsOf(admin)).toEqual([]);
  expect(errorsOf(phone)).toEqual([]);
  expect(errorsOf(shopper)).toEqual([]);
});

test('the refund dialog stops offering "back in stock" once the order\'s items came back to stock (decision 147)', async () => {
  // A prepaid order of two units, paid at the loopback gateway, confirmed and shipped through the loopback carrier.
  const shopper = await session.newPage();
  const person = await signedUpCustomer(shopper.context(), 'admin-orders-restock');
  const listing = await api<{ data: { _id: string; stock: number; hasVariants: boolean }[] }>(shopper, 'GET', '/api/products?limit=60&sort=newest');
  const product = listing.data.find((p) => !p.hasVariants && p.stock > 3);
  if (!product) throw new Error('no simple in-stock product in the first page');
  const address = await api<{ _id: string }>(shopper, 'POST', '/api/user/addresses', {
    name: person.name,
    mobile: '9876505678',
    line1: '21, Brigade Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  });
  const order = await api<{ _id: string; number: string; payment: { keyId: string; providerOrderId: string } }>(shopper, 'POST', '/api/user/order', {
    items: [{ productId: product._id, variantId: null, quantity: 2 }],
    addressId: address._id,
    paymentMethod: 'prepaid',
  });
  const checkout = await api<unknown>(shopper, 'POST', '/api/payments/loopback/pay', { key: order.payment.keyId, order_id: order.payment.providerOrderId });
  expect((await api<{ paymentStatus: string }>(shopper, 'POST', `/api/user/order/${order._id}/payment/verify`, checkout)).paymentStatus).toBe('captured');

  const admin = await session.newPage();
  await signInAdmin(admin.context());
  await api(admin, 'POST', `/api/admin/orders/${order._id}/status`, { status: 'confirmed' });
  const shipment = await api<{ awb: string }>(admin, 'POST', `/api/admin/orders/${order._id}/shipment`, {});
  // Staff mark it shipped and delivered themselves (the courier said so on the phone)…
  await api(admin, 'POST', `/api/admin/orders/${order._id}/status`, { status: 'shipped', tracking: { carrier: 'Delhivery', number: shipment.awb } });
  await api(admin, 'POST', `/api/admin/orders/${order._id}/status`, { status: 'delivered' });

  // Paid and delivered: the dialog offers to put refunded items back in stock.
  const checkbox = 'Put the refunded items back in stock';
  await admin.goto(`/admin/orders/${order._id}`);
  const panel = admin.getByRole('region', { name: 'Payment', exact: true });
  const open = panel.getByRole('button', { name: 'Refund…' });
  const dialog = admin.getByRole('dialog', { name: `Refund order ${order.number}` });
  await expect.poll(() => open.isEnabled()).toBe(true);
  await open.click();
  await dialog.getByRole('checkbox', { name: checkbox }).waitFor();
  await admin.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // …but the parcel comes back to the shop, and staff put it on sale again: both units are back in stock.
  await api(admin, 'POST', '/api/dev/shipping/loopback/journey', { orderId: order._id, journey: 'rto' });
  await api(admin, 'POST', `/api/admin/orders/${order._id}/shipment/rto`, { resaleable: true });

  // The dialog no longer offers it, for the whole order or some items, and says why.
  const why = 'The items went back in stock when the returned parcel was put on sale, so a refund cannot put them back again.';
  await admin.reload();
  await expect.poll(() => open.isEnabled()).toBe(true);
  await open.click();
  await dialog.getByText(why, { exact: true }).waitFor();
  expect(await dialog.getByRole('checkbox', { name: checkbox }).count()).toBe(0);
  await dialog.getByRole('radio', { name: 'Some items' }).check();
  await dialog.getByText(why, { exact: true }).waitFor();
  expect(await dialog.getByRole('checkbox').count()).toBe(0);
  expect(await axeViolations(admin)).toEqual([]);

  // The refund itself goes through, asking nothing of the stock.
  await dialog.getByRole('radio', { name: /^Everything still refundable/ }).check();
  await dialog.getByLabel('Reason').fill('Came back to the shop');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await admin.getByText('The refund was not made').count()).toBe(0);

  expect(errorsOf(admin)).toEqual([]);
  expect(errorsOf(shopper)).toEqual([]);
});
