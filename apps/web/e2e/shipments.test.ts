import { readFile } from 'node:fs/promises';
import { nextDay } from '@shop/domain/admin/orders';
import { pickupWindow } from '@shop/domain/shipping/pickup-window';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { signedUpCustomer } from './accounts';
import { signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 22, shipments: staff ship a confirmed order in two parcels through the loopback carrier (Shiprocket's shapes),
 * download its label (a PDF), request the pickup and find it on the day's manifest; the loopback carrier replays a
 * scripted journey as Shiprocket tracking webhooks, and the customer's order page, orders list and the public tracking
 * page show the parcel's journey ending Delivered, in English and Arabic, with axe checks. Two more orders are shipped
 * in bulk from the orders list (one result per order); one comes back (RTO) and staff put its item back in stock.
 */

const session = useBrowser();
const MOBILE = '9876503344';

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(path, { method, ...(data === undefined ? {} : { data }), headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

interface Placed {
  _id: string;
  number: string;
}

/** A cash-on-delivery order of one in-stock product, placed by the customer, confirmed by the shop. */
async function confirmedOrder(shopper: Page, admin: Page, addressId: string, productId: string): Promise<Placed> {
  const order = await api<Placed>(shopper, 'POST', '/api/user/order', {
    items: [{ productId, variantId: null, quantity: 1 }],
    addressId,
    paymentMethod: 'cod',
  });
  await api(admin, 'POST', `/api/admin/orders/${order._id}/status`, { status: 'confirmed' });
  return order;
}

const journeyOf = (page: Page) => page.getByRole('list', { name: 'Parcel journey' });

test('staff ship an order through the loopback carrier; the customer and the public tracking page follow it to Delivered', async () => {
  const shopper = await session.newPage({ width: 390, height: 844, mobile: true });
  const person = await signedUpCustomer(shopper.context(), 'shipments');
  const listing = await api<{ data: { _id: string; stock: number; cod: boolean; hasVariants: boolean }[] }>(
    shopper,
    'GET',
    '/api/products?limit=60&sort=newest',
  );
  const product = listing.data.find((p) => !p.hasVariants && p.cod && p.stock > 4);
  if (!product) throw new Error('no simple in-stock product in the first page');
  const address = await api<{ _id: string }>(shopper, 'POST', '/api/user/addresses', {
    name: person.name,
    mobile: MOBILE,
    line1: '12, MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  });

  const admin = await session.newPage();
  await signInAdmin(admin.context());
  const order = await confirmedOrder(shopper, admin, address._id, product._id);

  // Ship: one parcel suggested from the product's parcel defaults; a second box added.
  await admin.goto(`/admin/orders/${order._id}`);
  const panel = admin.getByTestId('shipment-panel');
  await panel.getByRole('heading', { name: 'Ship this order' }).waitFor();
  const first = panel.getByTestId('parcel-0');
  // The form's fields take their values (and are enabled) once the page is hydrated.
  await first.locator('input:enabled').first().waitFor();
  expect(Number(await first.getByLabel('Weight (g)').inputValue())).toBeGreaterThan(0);
  expect(Number(await first.getByLabel('Length (cm)').inputValue())).toBeGreaterThan(0);
  await panel.getByRole('button', { name: 'Add a parcel' }).click();
  const second = panel.getByTestId('parcel-1');
  await second.getByLabel('Weight (g)').fill('0');
  await panel.getByRole('button', { name: 'Ship 2 parcels' }).click();
  await second.getByText('Enter the parcel weight in whole grams, from 1 to 30000').waitFor();
  await second.getByLabel('Weight (g)').fill('450');
  await panel.getByRole('button', { name: 'Ship 2 parcels' }).click();
  const awb = panel.getByTestId('shipment-awb');
  await awb.waitFor();
  const awbNumber = (await awb.textContent())!.trim();
  expect(awbNumber).toMatch(/\S{6,}/);
  expect(await panel.getByTestId('shipment-status').getAttribute('data-status')).toBe('awb_assigned');
  await panel.getByText('450 g ·', { exact: false }).waitFor();

  // The label: a PDF downloaded by the staff member's browser.
  const [download] = await Promise.all([admin.waitForEvent('download'), panel.getByRole('link', { name: 'Download label (PDF)' }).click()]);
  const label = await readFile(await download.path());
  expect(label.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The pickup date offers only the pickup window's days (decision 147); a day past it, typed in, is refused by the API.
  const pickupDate = panel.getByLabel('Pickup date (optional)');
  const days = pickupWindow(new Date());
  expect([await pickupDate.getAttribute('min'), await pickupDate.getAttribute('max')]).toEqual([days.from, days.to]);
  await pickupDate.fill(nextDay(days.to));
  await panel.getByRole('button', { name: 'Request pickup' }).click();
  await panel.getByText(`Choose a pickup date from ${days.from} to ${days.to}`, { exact: true }).waitFor();
  expect(await panel.getByTestId('shipment-status').getAttribute('data-status')).toBe('awb_assigned');
  await pickupDate.fill('');

  // The pickup, then the day's manifest lists the shipment.
  await panel.getByRole('button', { name: 'Request pickup' }).click();
  await panel.locator('[data-testid=\"shipment-status\"][data-status=\"pickup_scheduled\"]').waitFor();
  const shipment = await api<{ shipment: { pickup: { scheduledFor: string | null } } }>(admin, 'GET', `/api/admin/orders/${order._id}/shipment`);
  const pickupDay = shipment.shipment.pickup.scheduledFor!.slice(0, 10);
  await admin.goto(`/admin/shipments?date=${pickupDay}`);
  await admin.getByTestId('manifest').locator(`tr[data-awb="${awbNumber}"]`).getByText(order.number).waitFor();
  const csv = await admin.context().request.get(`/api/admin/shipments/manifest?date=${pickupDay}&format=csv`);
  expect(await csv.text()).toContain(awbNumber);

  // Staff may ask the carrier for the tracking at once (for a webhook that was lost): nothing has happened yet.
  await admin.goto(`/admin/orders/${order._id}`);
  await panel.getByRole('button', { name: "Check the courier's tracking now" }).click();
  await admin.getByText(/^(No new tracking events|\d+ new tracking events?)$/).waitFor();

  // The customer before pickup: the AWB and the wait for the courier.
  await shopper.goto(`/my-account/orders/${order._id}`);
  await shopper.getByRole('region', { name: 'Shipment tracking' }).getByText(awbNumber).waitFor();
  expect(await journeyOf(shopper).locator('[aria-current="step"]').getAttribute('data-kind')).toBe('awaiting_pickup');

  // The loopback carrier replays the scripted journey as Shiprocket's tracking webhooks.
  const replay = await api<{ sent: { status: string; outcome: string }[] }>(admin, 'POST', '/api/dev/shipping/loopback/journey', {
    orderId: order._id,
    journey: 'delivered',
  });
  expect(replay.sent.length).toBeGreaterThanOrEqual(4);
  await admin.goto(`/admin/orders/${order._id}`);
  await panel.locator('[data-testid=\"shipment-status\"][data-status=\"delivered\"]').waitFor();
  await panel.getByTestId('carrier-events').locator('li[data-kind="delivered"]').waitFor();

  // The customer's order page: the journey ends Delivered, each step timed, the current one said in words.
  await shopper.reload();
  const journey = journeyOf(shopper);
  await journey.locator('[aria-current=\"step\"][data-kind=\"delivered\"]').waitFor();
  const kinds = await journey.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
  expect(kinds).toEqual(expect.arrayContaining(['picked_up', 'in_transit', 'out_for_delivery', 'delivered']));
  expect(kinds.at(-1)).toBe('delivered');
  expect(await journey.locator('li time').count()).toBe(kinds.length);
  await journey.locator('[aria-current="step"]').getByText('(current status)').waitFor();
  await shopper.getByTestId('delivered-on').waitFor();
  expect(await shopper.getByRole('list', { name: 'Status timeline' }).locator('[aria-current="step"]').getAttribute('data-status')).toBe('delivered');
  expect(await axeViolations(shopper)).toEqual([]);

  // The orders list: both shipping widgets, the journey behind a disclosure naming the latest step.
  await shopper.goto('/my-account/orders');
  const card = shopper.getByRole('article', { name: order.number });
  expect(await card.locator('[data-shipping-widget]').count()).toBe(2);
  await card.getByText("Show the parcel's journey").click();
  await card.getByRole('list', { name: 'Parcel journey' }).locator('[aria-current=\"step\"][data-kind=\"delivered\"]').waitFor();
  expect(await axeViolations(shopper)).toEqual([]);

  // In Arabic (right to left): the same journey, worded in Arabic.
  await shopper.context().addCookies([{ name: 'NEXT_LOCALE', value: 'ar', url: baseUrl }]);
  await shopper.goto(`/my-account/orders/${order._id}`);
  expect(await shopper.locator('html').getAttribute('dir')).toBe('rtl');
  const arabic = shopper.getByRole('list', { name: 'رحلة الطرد' });
  await arabic.locator('[aria-current="step"]').getByText('تم التسليم').waitFor();
  expect(await axeViolations(shopper)).toEqual([]);

  // The public tracking page, signed out, by order number and mobile number.
  for (const locale of ['en', 'ar'] as const) {
    const visitor = await session.newPage({ width: 390, height: 844, mobile: true, locale });
    await visitor.goto('/order');
    await visitor.getByLabel(locale === 'en' ? 'Order number' : 'رقم الطلب').fill(order.number);
    await visitor.getByLabel(locale === 'en' ? 'Mobile number' : 'رقم الجوال').fill(MOBILE);
    await visitor.getByRole('button', { name: locale === 'en' ? 'Track order' : 'تتبع الطلب' }).click();
    const publicJourney = visitor.getByRole('list', { name: locale === 'en' ? 'Parcel journey' : 'رحلة الطرد' });
    await publicJourney.locator('[aria-current=\"step\"][data-kind=\"delivered\"]').waitFor();
    await visitor.getByTestId('awb').getByText(awbNumber).waitFor();
    expect(await axeViolations(visitor)).toEqual([]);
    expect(errorsOf(visitor)).toEqual([]);
  }

  expect(errorsOf(admin)).toEqual([]);
  expect(errorsOf(shopper)).toEqual([]);
});

test('bulk ship from the orders list, one result per order; a parcel that comes back is put back in stock', async () => {
  const shopper = await session.newPage();
  const person = await signedUpCustomer(shopper.context(), 'bulk-ship');
  const listing = await api<{ data: { _id: string; stock: number; cod: boolean; hasVariants: boolean }[] }>(
    shopper,
    'GET',
    '/api/products?limit=60&sort=newest',
  );
  const product = listing.data.find((p) => !p.hasVariants && p.cod && p.stock > 4);
  if (!product) throw new Error('no simple in-stock product in the first page');
  const address = await api<{ _id: string }>(shopper, 'POST', '/api/user/addresses', {
    name: person.name,
    mobile: '9876503345',
    line1: '4, Police Bazar',
    city: 'Shillong',
    state: 'Meghalaya',
    pincode: '793001',
  });
  const admin = await session.newPage();
  await signInAdmin(admin.context());
  const orders = [await confirmedOrder(shopper, admin, address._id, product._id), await confirmedOrder(shopper, admin, address._id, product._id)];

  // The list searched by the customer's email: both confirmed orders have a box; ship them together.
  await admin.goto(`/admin/orders?q=${encodeURIComponent(person.email)}`);
  for (const order of orders) await admin.getByRole('checkbox', { name: `Select ${order.number} to ship` }).check();
  await admin.getByRole('button', { name: 'Ship selected orders' }).click();
  const results = admin.getByRole('list', { name: 'Bulk ship results' });
  for (const order of orders) await results.getByText(new RegExp(`^${order.number}: shipped, AWB \\S+$`)).waitFor();
  expect(await results.locator('li[data-ok="true"]').count()).toBe(2);

  // The first comes back to the shop (RTO); staff confirm its item can be sold again, and its stock goes back up.
  const stockOf = async () => (await api<{ stock: number }>(admin, 'GET', `/api/admin/products/${product._id}`)).stock;
  const before = await stockOf();
  await api(admin, 'POST', '/api/dev/shipping/loopback/journey', { orderId: orders[0]!._id, journey: 'rto' });
  await admin.goto(`/admin/orders/${orders[0]!._id}`);
  const panel = admin.getByTestId('shipment-panel');
  await panel.locator('[data-testid=\"shipment-status\"][data-status=\"rto_delivered\"]').waitFor();
  await panel.getByRole('group', { name: 'Can the returned item be sold again?' }).getByRole('button', { name: 'Yes, put it back in stock' }).click();
  await panel
    .getByTestId('rto-resolution')
    .getByText(/^Put back in stock on /)
    .waitFor();
  expect(await stockOf()).toBe(before + 1);

  // The customer sees the parcel returned to the shop, with nothing more promised.
  await shopper.goto(`/my-account/orders/${orders[0]!._id}`);
  await journeyOf(shopper).locator('[aria-current=\"step\"][data-kind=\"rto_delivered\"]').waitFor();
  expect(await journeyOf(shopper).locator('[data-state="upcoming"]').count()).toBe(0);

  expect(errorsOf(admin)).toEqual([]);
  expect(errorsOf(shopper)).toEqual([]);
});
