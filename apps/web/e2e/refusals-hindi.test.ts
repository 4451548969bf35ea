import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { ProductSummary } from '@shop/domain/catalogue';
import { MAX_QUANTITY_PER_LINE } from '@shop/domain/order-limits';
import { signedUpCustomer } from './accounts';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Decision 037: the API refuses with codes and the storefront shows each refusal in the shopper's language by its
 * code, never by matching the API's English. A shopper who switched the shop to Hindi sees Hindi for a coupon whose
 * minimum is not met, for a product out of stock at checkout, and for fields the API refuses.
 */

const session = useBrowser();

/** FLAT100 (packages/db seed): ₹100 off orders of ₹999 or more. */
const FLAT100_MINIMUM = '₹999';

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The shopper's language is Hindi: the NEXT_LOCALE cookie the footer's language choice sets (i18n.test.ts drives that
 * choice itself; here the cookie is set directly, so a busy machine's late hydration cannot leave the page in English).
 */
async function switchToHindi(page: Page) {
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'hi', url: baseUrl }]);
  await page.goto('/terms');
  expect(await page.locator('html').getAttribute('lang')).toBe('hi');
}

/** The browser's stored cart (modules/cart), as a shopper's earlier visit left it. */
async function storeCart(page: Page, lines: Array<[ProductSummary, number]>) {
  const items = lines.map(([p, quantity]) => ({
    ...p,
    id: p._id,
    productId: p._id,
    variantId: null,
    image: null,
    quantity,
    attributes: {},
    product_customization: null,
  }));
  await page.evaluate(
    (stored) =>
      localStorage.setItem(
        'cart',
        JSON.stringify({ state: { items: stored, coupon: null, meta: null, isCashOnDelivery: true, cashOnDeliveryPageState: null }, version: 1 }),
      ),
    items,
  );
}

test('in Hindi, a coupon below its minimum, a product out of stock and refused fields read in Hindi', async () => {
  // A cheap plain product with little stock: one unit stays below the coupon's minimum; one more than the shop has is
  // refused when the order is placed.
  const listing = await api<{ data: ProductSummary[] }>('/api/products?inStock=true&limit=48&sort=price_asc');
  // One more than its stock must still fit in an order line (MAX_QUANTITY_PER_LINE), or the cart would trim it.
  const scarce = listing.data.find((p) => !p.hasVariants && p.cod && p.stock >= 1 && p.stock < MAX_QUANTITY_PER_LINE && p.price < 99_900)!;
  expect(scarce, `a plain cash-on-delivery product under ₹999 with under ${MAX_QUANTITY_PER_LINE} in stock`).toBeTruthy();

  // (a) Out of stock at checkout: the refusal and the marked line read in Hindi. Each shopper gets a page of their own,
  // so no earlier cart in the page can write itself back over the stored one.
  const buyer = await session.newPage();
  await signedUpCustomer(buyer.context(), 'hindi-refusals');
  await switchToHindi(buyer);
  await buyer.evaluate(async () => {
    const address = { name: 'Sunita Devi', mobile: '9123456781', line1: '7 Ganga Marg', city: 'Varanasi', state: 'Uttar Pradesh', pincode: '221001' };
    const response = await fetch('/api/user/addresses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(address) });
    if (!response.ok) throw new Error(`address: ${response.status}`);
  });
  await storeCart(buyer, [[scarce, scarce.stock + 1]]);
  await buyer.goto('/checkout');
  await buyer.getByRole('radio', { name: /कैश ऑन डिलीवरी/ }).waitFor();
  await buyer.waitForLoadState('networkidle');
  await buyer.getByRole('button', { name: 'ऑर्डर करें' }).click();
  const alert = buyer.getByRole('alert').filter({ hasText: 'आपका ऑर्डर नहीं हो सका' });
  await alert.waitFor();
  // Stock may move while the test runs: "only N left" or "out of stock", both in Hindi.
  const outOfStock = new RegExp(`^(${escapeRegExp(scarce.name)} के केवल \\d+ बचे हैं|${escapeRegExp(scarce.name)} स्टॉक में नहीं है)$`);
  await alert.getByText(outOfStock).waitFor();
  const summary = buyer.getByRole('region', { name: 'ऑर्डर सारांश' });
  await summary.locator(`[data-line="${scarce._id}"]`).getByText(outOfStock).waitFor();
  expect(await buyer.getByText(/Only \d+ of|is out of stock/).count()).toBe(0);
  expect(errorsOf(buyer)).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);

  // (b) The coupon's minimum is not met: the note says so in Hindi, with the amount.
  const page = await session.newPage();
  await signedUpCustomer(page.context(), 'hindi-coupon');
  await switchToHindi(page);
  await storeCart(page, [[scarce, 1]]);
  await page.goto('/checkout');
  const couponSummary = page.getByRole('region', { name: 'ऑर्डर सारांश' });
  await couponSummary.getByLabel('कूपन कोड').fill('FLAT100');
  await couponSummary.getByRole('button', { name: 'लागू करें' }).click();
  await couponSummary.getByText('कूपन FLAT100 लागू हुआ').waitFor();
  await couponSummary.getByText(`यह कूपन इस्तेमाल करने के लिए ${FLAT100_MINIMUM} या उससे अधिक का सामान जोड़ें`).waitFor();
  expect(await couponSummary.getByText('Add items worth', { exact: false }).count()).toBe(0);

  // (c) Fields the API would refuse (public order tracking): the form checks them itself with the API's codes and sends
  // nothing; each refusal is under its field, in Hindi.
  await page.goto('/order');
  const track = page.getByRole('region', { name: 'ऑर्डर ट्रैक करें' });
  await track.getByLabel('ऑर्डर नंबर').fill('123');
  await track.getByLabel('मोबाइल नंबर').fill('12');
  await track.getByRole('button', { name: 'ऑर्डर ट्रैक करें' }).click();
  await track.getByText('पुष्टि में दिखे अनुसार ऑर्डर नंबर डालें, जैसे KG-261123-7K3M9Q').waitFor();
  await track.getByText('मान्य 10 अंकों का मोबाइल नंबर डालें').waitFor();
  expect(await track.getByText(/Enter the order number|Enter a valid 10-digit mobile number/).count()).toBe(0);

  // No request failed: the tracking form refused its fields without asking the API.
  expect(errorsOf(page)).toEqual([]);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
