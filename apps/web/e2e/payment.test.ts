import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { ProductSummary } from '@shop/domain/catalogue';
import { signedUpCustomer } from './accounts';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 20, the shopper's side of online payment (decisions 061, 062): the payment step offers Razorpay Checkout
 * (UPI, cards, netbanking) beside cash on delivery; with no RAZORPAY_* keys the API's loopback gateway serves the
 * checkout.js stand-in, whose "Test payment" dialog pays, fails or is closed for real (signatures and webhooks).
 */

const session = useBrowser();

let product: ProductSummary;

beforeAll(async () => {
  const response = await fetch(`${baseUrl}/api/products?inStock=true&limit=48&sort=price_desc&maxPrice=200000`);
  const listing = (await response.json()) as { data: ProductSummary[] };
  product = listing.data.find((p) => !p.hasVariants && p.cod && p.stock >= 10 && !p.product_customization)!;
  expect(product, 'a plain cash-on-delivery product with stock to spare').toBeTruthy();
});

/** A signed-up customer with a saved address and `product` in the cart, on a page of the shop. */
async function shopperWithCart(page: Page, label: string) {
  await signedUpCustomer(page.context(), label);
  await page.goto('/terms');
  await page.evaluate(async () => {
    const address = { name: 'Meera Nair', mobile: '9123456781', line1: '7 Beach Road', city: 'Kochi', state: 'Kerala', pincode: '682001' };
    const response = await fetch('/api/user/addresses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(address) });
    if (!response.ok) throw new Error(`address: ${response.status}`);
  });
  const line = { ...product, id: product._id, productId: product._id, variantId: null, image: null, quantity: 1, attributes: {}, product_customization: null };
  await page.evaluate(
    (items) =>
      localStorage.setItem(
        'cart',
        JSON.stringify({ state: { items, coupon: null, meta: null, isCashOnDelivery: false, cashOnDeliveryPageState: null }, version: 1 }),
      ),
    [line],
  );
}

const cartLines = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state?.items?.length as number | undefined);
const payDialog = (page: Page, name = 'Test payment') => page.getByRole('dialog', { name });

/** Chooses online payment on /checkout and places the order: the test gateway's dialog opens by itself. */
async function placePrepaid(page: Page, labels = { online: /UPI, cards, netbanking/, place: 'Place order and pay', dialog: 'Test payment' }) {
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Meera Nair/ }).waitFor();
  await page.getByRole('radio', { name: labels.online }).check();
  await page.getByRole('button', { name: labels.place }).click();
  await payDialog(page, labels.dialog).waitFor();
}

const paymentStatus = (page: Page) => page.locator('[data-order-payment] [data-payment-status]');

test('pays through the test gateway and sees the order paid; the payment step and its dialog pass axe; Razorpay only in the checkout CSP', async () => {
  const page = await session.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`));
  });
  await shopperWithCart(page, 'pay-online');
  const response = await page.goto('/checkout');
  // Razorpay's origins and the popup-friendly opener policy on the payment step only.
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain('https://checkout.razorpay.com');
  expect(policy).toMatch(/frame-src [^;]*https:\/\/api\.razorpay\.com/);
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  const home = await fetch(`${baseUrl}/`);
  expect(home.headers.get('content-security-policy')).not.toContain('razorpay');
  expect(home.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  await home.body?.cancel();

  // Both ways to pay are offered; checkout.js is not loaded until the shopper pays.
  await page.getByRole('radio', { name: /Meera Nair/ }).waitFor();
  await page.getByRole('radio', { name: /UPI, cards, netbanking/ }).check();
  expect(await page.getByRole('radio', { name: /Cash on delivery/ }).isDisabled()).toBe(false);
  expect(await page.locator('script[data-checkout]').count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Place order and pay' }).click();
  const dialog = payDialog(page);
  await dialog.waitFor();
  expect(await page.locator('script[data-checkout]').getAttribute('src')).toBe('/api/payments/loopback/checkout.js');
  // The dialog has the focus on Pay, and passes axe.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pay');
  expect(await axeViolations(page)).toEqual([]);
  // Until it is paid the cart stays.
  expect(await cartLines(page)).toBe(1);
  // The stand-in checkout.js ran under the page's nonce CSP ('strict-dynamic') without a violation.
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);

  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/order\?id=/);
  await page.getByRole('heading', { level: 1, name: 'Thank you! Your order is placed.' }).waitFor();
  await expect.poll(() => paymentStatus(page).textContent()).toBe('Paid');
  await page.locator('[data-order-payment]').getByText('Online (UPI, cards, netbanking)').waitFor();
  await expect.poll(() => cartLines(page)).toBe(0);
  const orderId = new URL(page.url()).searchParams.get('id')!;

  // The order page in the account says so too, with no "Pay now".
  await page.goto(`/my-account/orders/${orderId}`);
  expect(await paymentStatus(page).textContent()).toBe('Paid');
  expect(await page.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
  // Nothing to pay any more: the payment page sends the shopper to the order.
  await page.goto(`/checkout/pay/${orderId}`);
  await page.waitForURL(`**/my-account/orders/${orderId}`);
  expect(errorsOf(page)).toEqual([]);
});

test('closes the payment window, sees what happened, tries again and pays', async () => {
  const page = await session.newPage();
  await shopperWithCart(page, 'pay-retry');
  await placePrepaid(page);
  await payDialog(page).getByRole('button', { name: 'Close' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Payment not completed' });
  await alert.getByText('You closed the payment window before paying. Your order and cart are kept: try again, or pay cash on delivery instead.').waitFor();
  expect(await payDialog(page).count()).toBe(0);
  expect(await cartLines(page)).toBe(1);

  await page.getByRole('button', { name: 'Try again' }).click();
  await payDialog(page).getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/order\?id=/);
  await expect.poll(() => paymentStatus(page).textContent()).toBe('Paid');
  await expect.poll(() => cartLines(page)).toBe(0);
  expect(errorsOf(page)).toEqual([]);
});

test('a failed payment is explained, and the shopper pays cash on delivery instead', async () => {
  const page = await session.newPage();
  await shopperWithCart(page, 'pay-fail');
  await placePrepaid(page);
  await payDialog(page).getByRole('button', { name: 'Fail' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Payment failed' });
  await alert.getByText(/The payment did not go through\. If money left your account, it will be refunded\./).waitFor();
  expect(await cartLines(page)).toBe(1);

  await page.getByRole('button', { name: 'Pay cash on delivery instead' }).click();
  await page.waitForURL(/\/order\?id=/);
  await page.locator('[data-order-payment]').getByText('Cash on delivery').waitFor();
  expect(await paymentStatus(page).textContent()).toBe('To be paid on delivery');
  await page.getByText(/in cash when it arrives/).waitFor();
  await expect.poll(() => cartLines(page)).toBe(0);
  expect(errorsOf(page)).toEqual([]);
});

test('in Arabic (rtl): the dialog speaks Arabic, and "Pay now" on the order page pays the order later', async () => {
  const page = await session.newPage({ locale: 'ar' });
  await shopperWithCart(page, 'pay-ar');
  await placePrepaid(page, { online: /UPI/, place: 'قدّم الطلب وادفع', dialog: 'دفع تجريبي' });
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  const dialog = payDialog(page, 'دفع تجريبي');
  expect(await dialog.evaluate((node) => getComputedStyle(node).direction)).toBe('rtl');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'إغلاق' }).click();
  await page.getByRole('alert').filter({ hasText: 'لم يكتمل الدفع' }).waitFor();
  const orderId = (await page.evaluate(() => localStorage.getItem('pending-payment-order')))!;
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

  // Later, from the order page: unpaid, "Pay now" opens the payment page for it.
  await page.goto(`/my-account/orders/${orderId}`);
  expect(await paymentStatus(page).textContent()).toBe('بانتظار الدفع');
  await page.getByRole('link', { name: 'ادفع الآن' }).click();
  await page.waitForURL(`**/checkout/pay/${orderId}`);
  await page.getByRole('heading', { level: 1, name: 'ادفع ثمن طلبك' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'ادفع الآن' }).click();
  await payDialog(page, 'دفع تجريبي').getByRole('button', { name: 'ادفع', exact: true }).click();
  await page.waitForURL(/\/order\?id=/);
  await expect.poll(() => paymentStatus(page).textContent()).toBe('مدفوع');
  // The cart that order came from is emptied now that it is paid.
  await expect.poll(() => cartLines(page)).toBe(0);
  expect(errorsOf(page)).toEqual([]);
});
