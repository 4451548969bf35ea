import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ProductSummary } from '@shop/domain/catalogue';
import { formatInr } from '@shop/domain/money';
import { latestMessage, linkIn, signedUpCustomer, uniquePhone } from './accounts';
import { adminCookie, signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * The shop's cash-on-delivery controls (issue 20, decisions 065 and 066) in the browser: an admin sets a COD fee, a
 * prepaid saving and confirmation by link in the settings; the checkout's payment step shows the fee and the saving
 * and its summary the fee line; the placed order carries the fee and waits for confirmation; the SMS's link page
 * (checked by axe, in Arabic right to left) confirms it once. The settings are put back afterwards.
 */
const session = useBrowser();
let plain: ProductSummary;
let saved: Record<string, unknown> | null = null;

async function adminApi(method: 'GET' | 'PUT', body?: unknown) {
  const response = await fetch(`${baseUrl}/api/admin/settings`, {
    method,
    headers: { cookie: await adminCookie(), origin: baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} /api/admin/settings: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  const cheap = (await (await fetch(`${baseUrl}/api/products?maxPrice=40000&inStock=true&sort=price_desc&limit=24`)).json()) as { data: ProductSummary[] };
  plain = cheap.data.find((p) => !p.hasVariants && p.stock >= 2 && p.cod)!;
  expect(plain, 'a plain cash-on-delivery product under ₹400').toBeTruthy();
  saved = await adminApi('GET');
});

afterAll(async () => {
  // Other browser tests expect a shop without COD fee or confirmation.
  if (!saved) return;
  const { updatedAt: _updatedAt, ...settings } = saved;
  await adminApi('PUT', { ...settings, chatWidgetId: settings.chatWidgetId ?? '', analyticsId: settings.analyticsId ?? '' });
});

const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
const amountOf = (page: Page, label: string) =>
  summary(page)
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

test('COD fee and prepaid saving at checkout, the fee on the order, confirmation through the SMS link (axe, Arabic rtl)', async () => {
  // The admin sets the controls in the back office.
  const admin = await session.newPage();
  await signInAdmin(admin.context());
  await admin.goto('/admin/settings');
  const form = admin.getByTestId('cod-settings-form');
  const fee = form.getByLabel('COD fee (₹)');
  await expect.poll(() => fee.isEnabled()).toBe(true);
  // A bad pincode is refused beside the field.
  await form.getByLabel('Pincodes without COD').fill('110001\n01234');
  await form.getByRole('button', { name: 'Save cash-on-delivery settings' }).click();
  await form.getByText('Enter 6-digit pincodes (the first digit is not 0)').waitFor();
  await form.getByLabel('Pincodes without COD').fill('110001');
  await fee.fill('49');
  await form.getByLabel('Saving for paying online (%)').fill('10');
  await form.getByLabel('Largest saving (₹)').fill('50');
  await form.getByLabel('COD confirmation').selectOption('link');
  await form.getByLabel('Hours to confirm').fill('24');
  await form.getByRole('button', { name: 'Save cash-on-delivery settings' }).click();
  await admin.getByText('Cash-on-delivery settings saved').waitFor();
  expect(await axeViolations(admin)).toEqual([]);
  expect(errorsOf(admin)).toEqual([]);

  // A shopper checks out with cash on delivery.
  const page = await session.newPage();
  await signedUpCustomer(page.context(), 'cod');
  await page.goto('/shop?max=400&inStock=true&sort=price_desc');
  await page
    .getByRole('button', { name: `Add ${plain.name} to cart`, exact: true })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: 'Shopping cart' });
  await drawer.waitFor();
  await page.keyboard.press('Escape');
  await page.goto('/checkout');
  const phone = uniquePhone();
  const address = page.getByRole('form', { name: 'Add an address' });
  await address.getByLabel('Full name').fill('Farah Khan');
  await address.getByLabel('Mobile number (10 digits)').fill(phone);
  await address.getByLabel('House number and street').fill('9 Lake Road');
  await address.getByLabel('City').fill('Mysuru');
  await address.getByLabel('State').selectOption('Karnataka');
  await address.getByLabel('PIN code').fill('570001');
  await address.getByRole('button', { name: 'Save address' }).click();
  await page
    .getByRole('group', { name: 'Delivery address' })
    .getByRole('radio', { name: /Farah Khan/ })
    .waitFor();

  // The payment step shows the fee and what paying online would save; the fee joins the summary once COD is chosen.
  const saving = Math.min(Math.round(plain.price / 10), 5_000);
  const terms = page.getByTestId('payment-terms');
  await terms.getByText(`Cash on delivery adds a fee of ${formatInr(4_900)}.`).waitFor();
  await terms.getByText(`Pay online and save ${formatInr(saving)} (10% off the items, up to ${formatInr(5_000)}).`).waitFor();
  await terms.getByText(/confirm it through the link we send by SMS, within 24 hours/).waitFor();
  expect(await amountOf(page, 'Cash-on-delivery fee').count()).toBe(0);
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  await expect.poll(() => amountOf(page, 'Cash-on-delivery fee').textContent()).toBe(formatInr(4_900));
  const shipping = plain.price >= 49_900 ? 0 : 15_000;
  const grand = plain.price + shipping + 4_900;
  expect(await amountOf(page, 'Total to pay').textContent()).toBe(formatInr(grand));
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/\/order\?id=/);
  const number = (await page.locator('[data-order-number]').textContent())!;
  const totals = page.getByRole('region', { name: 'Payment summary' });
  await totals.getByText('Cash-on-delivery fee').waitFor();
  await totals.getByText(formatInr(grand)).waitFor();
  await page
    .getByRole('region', { name: 'Confirm your cash-on-delivery order' })
    .getByText(/Open the link we sent you by SMS/)
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // The SMS's link, opened in Arabic by somebody not signed in: right to left, clean for axe, one press confirms.
  const link = new URL(linkIn(await latestMessage(`+91${phone}`, { kind: 'cod-confirm-link' })));
  expect(link.pathname).toBe('/order/confirm-cod');
  const arabic = await session.newPage({ locale: 'ar' });
  await arabic.goto(`${link.pathname}${link.search}`);
  expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
  await arabic.getByRole('heading', { level: 1, name: 'أكّد طلبك بالدفع عند الاستلام' }).waitFor();
  expect(await axeViolations(arabic)).toEqual([]);
  const button = arabic.getByRole('button', { name: 'تأكيد طلبي' });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  await arabic.getByText(`تم تأكيد الطلب ${number}. سنبدأ بتجهيزه.`).waitFor();
  expect(errorsOf(arabic)).toEqual([]);

  // The link works once.
  const again = await session.newPage();
  await again.goto(`${link.pathname}${link.search}`);
  const confirm = again.getByRole('button', { name: 'Confirm my order' });
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await again.getByText('This order is not waiting for confirmation any more').waitFor();
  // A link with a broken token says so without a button.
  await again.goto('/order/confirm-cod?token=nope');
  await again.getByText('This confirmation link is not valid. Check the SMS, or see your orders.').waitFor();
  expect(await again.getByRole('button', { name: 'Confirm my order' }).count()).toBe(0);

  // The shopper's order page no longer asks for confirmation.
  await page.reload();
  await page.locator('[data-order-number]').waitFor();
  expect(await page.getByTestId('cod-confirmation').count()).toBe(0);
});

test('in Hindi: a blocked pincode is named at the payment step; the SMS code confirms the order on its page (axe)', async () => {
  const current = await adminApi('GET');
  const { updatedAt: _updatedAt, ...settings } = current;
  await adminApi('PUT', {
    ...settings,
    chatWidgetId: settings.chatWidgetId ?? '',
    analyticsId: settings.analyticsId ?? '',
    cod: { ...(current.cod as object), fee: 0, prepaidDiscount: null, blockedPincodes: ['400050'], confirmation: 'sms_code', confirmWithinHours: 6 },
  });
  const page = await session.newPage({ locale: 'hi' });
  await signedUpCustomer(page.context(), 'cod-hi');
  await page.goto('/terms');
  const phone = uniquePhone();
  const orderId = await page.evaluate(
    async ({ productId, phone }) => {
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const blocked = { name: 'Meera Iyer', mobile: phone, line1: '4 Hill Road', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' };
      const open = { ...blocked, line1: '9 Lake Road', city: 'Pune', pincode: '411001' };
      const first = await post('/api/user/addresses', open);
      if (!first.ok) throw new Error(`address: ${first.status}`);
      const { _id: addressId } = (await first.json()) as { _id: string };
      const placed = await post('/api/user/order', { items: [{ productId, variantId: null, quantity: 1 }], addressId, paymentMethod: 'cod' });
      if (placed.status !== 201) throw new Error(`order: ${placed.status} ${await placed.text()}`);
      const second = await post('/api/user/addresses', { ...blocked, isDefault: true });
      if (!second.ok) throw new Error(`address: ${second.status}`);
      return ((await placed.json()) as { _id: string })._id;
    },
    { productId: plain._id, phone },
  );

  // At checkout with the blocked address chosen: the payment step says why, and placing with COD is stopped there.
  await page.evaluate(
    (item) =>
      localStorage.setItem(
        'cart',
        JSON.stringify({ state: { items: [item], coupon: null, meta: null, isCashOnDelivery: true, cashOnDeliveryPageState: null }, version: 1 }),
      ),
    {
      id: plain._id,
      productId: plain._id,
      slug: plain.slug,
      name: plain.name,
      price: plain.price,
      mrp: plain.mrp,
      stock: plain.stock,
      cod: true,
      variantId: null,
      image: null,
      quantity: 1,
      attributes: {},
      product_customization: null,
    },
  );
  await page.goto('/checkout');
  await page
    .getByRole('group', { name: 'डिलीवरी का पता' })
    .getByRole('radio', { name: /400050/ })
    .check();
  const reason = 'पिनकोड 400050 पर डिलीवरी के लिए कैश ऑन डिलीवरी उपलब्ध नहीं है। ऑनलाइन भुगतान करें, या कोई दूसरा पता चुनें।';
  await page.getByTestId('cod-terms-block').getByText(reason).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'ऑर्डर करें', exact: true }).click();
  await expect.poll(() => page.getByText(reason).count()).toBe(2);
  expect(await axeViolations(page)).toEqual([]);

  // The order placed before (to the open address) waits for its code.
  const sms = await latestMessage(`+91${phone}`, { kind: 'cod-confirm-code' });
  const code = /code (\d{6})/.exec(sms.bodyText)![1]!;
  await page.goto(`/order?id=${orderId}`);
  const panel = page.getByTestId('cod-confirmation');
  const field = panel.getByLabel('SMS में मिला कोड');
  await field.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await field.fill(code === '000000' ? '000001' : '000000');
  await panel.getByRole('button', { name: 'ऑर्डर की पुष्टि करें' }).click();
  await panel.getByText('यह कोड सही नहीं है। SMS देखें और फिर से कोशिश करें।').waitFor();
  await field.fill(code);
  await panel.getByRole('button', { name: 'ऑर्डर की पुष्टि करें' }).click();
  await page.getByText('धन्यवाद, आपके ऑर्डर की पुष्टि हो गई है।').waitFor();
  await expect.poll(() => page.getByTestId('cod-confirmation').count()).toBe(0);
});
