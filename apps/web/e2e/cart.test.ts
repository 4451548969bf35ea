import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { ProductDetail, ProductSummary, Variant } from '@shop/domain/catalogue';
import { formatInr } from '@shop/domain/money';
import { baseUrl, errorsOf, useBrowser } from './browser';

const session = useBrowser();

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A plain product (no variants) under ₹400 with a few in stock, found on the first /shop page of the same filter. */
let plain: ProductSummary;
const plainListing = '/shop?max=400&inStock=true&sort=price_desc';
/** A product with two variants in stock, and one of its variants out of stock when the catalogue has one. */
let variantProduct: ProductDetail;
let first: Variant;
let second: Variant;
let soldOut: { product: ProductDetail; variant: Variant } | undefined;

beforeAll(async () => {
  const cheap = await api<{ data: ProductSummary[] }>('/api/products?maxPrice=40000&inStock=true&sort=price_desc&limit=24');
  plain = cheap.data.find((p) => !p.hasVariants && p.stock >= 3 && p.cod)!;
  expect(plain, 'a plain product under ₹400 with 3 in stock').toBeTruthy();

  const listing = await api<{ data: ProductSummary[] }>('/api/products?inStock=true&limit=48');
  for (const summary of listing.data.filter((p) => p.hasVariants)) {
    const detail = await api<ProductDetail>(`/api/product/${summary.slug}`);
    const inStock = detail.variants.filter((v) => v.stock >= 3);
    if (!variantProduct && inStock.length >= 2) [variantProduct, first, second] = [detail, inStock[0]!, inStock[1]!];
    const out = detail.variants.find((v) => v.stock === 0);
    if (!soldOut && out) soldOut = { product: detail, variant: out };
    if (variantProduct && soldOut) break;
  }
  expect(variantProduct, 'a product with two variants in stock').toBeTruthy();
  expect(soldOut, 'a product with a sold-out variant').toBeTruthy();
});

const nameOf = (product: { name: string }, variant?: Variant) => (variant ? `${product.name} - ${Object.values(variant.attributes).join(', ')}` : product.name);

function cartDrawer(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Shopping cart' });
}

function line(page: Page, name: string): Locator {
  return cartDrawer(page)
    .getByTestId('cart-line')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
  await expect.poll(() => cartDrawer(page).isVisible()).toBe(false);
}

test('two variants and a plain product go into the cart, quantities change, and the cart survives a reload', async () => {
  const page = await session.newPage();

  // A card of a product without variants adds it straight away and opens the drawer.
  await page.goto(plainListing);
  await page
    .getByRole('button', { name: `Add ${plain.name} to cart`, exact: true })
    .first()
    .click();
  const drawer = cartDrawer(page);
  await drawer.waitFor();
  const plainLine = line(page, plain.name);
  await plainLine.waitFor();
  expect(await plainLine.getByRole('link', { name: plain.name, exact: true }).getAttribute('href')).toBe(`/product/${plain.slug}`);
  // Spec §9: under ₹499 shipping is ₹150, and the drawer says how much more ships free.
  expect(await drawer.getByTestId('cart-subtotal').textContent()).toBe(formatInr(plain.price));
  expect(await drawer.getByTestId('cart-shipping').textContent()).toBe(formatInr(15_000));
  expect(await drawer.getByTestId('cart-shipping-note').textContent()).toBe(`Add ${formatInr(49_900 - plain.price)} more for free shipping`);
  const checkout = drawer.getByRole('link', { name: /Proceed To Checkout/ });
  expect(await checkout.getAttribute('href')).toBe('/checkout');
  expect(await checkout.getAttribute('aria-disabled')).toBeNull();
  expect(await page.getByTestId('cart-count').textContent()).toBe('1');
  await closeDrawer(page);

  // On the product page: the first variant with quantity 1, then the second with quantity 2.
  await page.goto(`/product/${variantProduct.slug}?variant=${encodeURIComponent(first.sku)}`);
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await line(page, nameOf(variantProduct, first)).waitFor();
  await closeDrawer(page);
  await page.goto(`/product/${variantProduct.slug}?variant=${encodeURIComponent(second.sku)}`);
  await page.getByLabel('Quantity').selectOption('2');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await line(page, nameOf(variantProduct, second)).waitFor();

  const lines = drawer.getByTestId('cart-line');
  expect(await lines.count()).toBe(3);
  expect(await line(page, nameOf(variantProduct, second)).getByTestId('cart-line-quantity').textContent()).toBe('2');
  expect(await line(page, nameOf(variantProduct, second)).getByTestId('cart-line-total').textContent()).toBe(formatInr(second.price * 2));
  let total = plain.price + first.price + 2 * second.price;
  expect(await drawer.getByTestId('cart-total').textContent()).toBe(formatInr(total));
  expect(await drawer.getByTestId('cart-shipping').textContent()).toBe(total >= 49_900 ? 'Free' : formatInr(15_000));
  expect(await page.getByTestId('cart-count').textContent()).toBe('4');

  // Quantity controls: one more plain product, one less of the second variant, the first variant removed.
  await plainLine.getByRole('button', { name: `One more ${plain.name}` }).click();
  await expect.poll(() => plainLine.getByTestId('cart-line-quantity').textContent()).toBe('2');
  await line(page, nameOf(variantProduct, second))
    .getByRole('button', { name: `One less ${nameOf(variantProduct, second)}` })
    .click();
  await line(page, nameOf(variantProduct, first))
    .getByRole('button', { name: `Remove ${nameOf(variantProduct, first)} from the cart` })
    .click();
  total = 2 * plain.price + second.price;
  await expect.poll(() => drawer.getByTestId('cart-total').textContent()).toBe(formatInr(total));
  expect(await lines.count()).toBe(2);
  expect(await drawer.getByTestId('cart-subtotal').textContent()).toBe(formatInr(total));

  // A reload reads the same cart back from local storage, and the refresh one second later (the page clock is
  // moved on rather than waited for) keeps it as it is.
  await page.clock.install({ time: new Date() });
  const refresh = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/products/cart');
  await page.reload();
  await expect.poll(() => page.getByTestId('cart-count').textContent()).toBe('3');
  await refresh;
  await page.clock.fastForward(1000);
  await page.getByRole('button', { name: 'Cart, 3 items' }).click();
  await drawer.waitFor();
  expect(await lines.count()).toBe(2);
  expect(await drawer.getByTestId('cart-total').textContent()).toBe(formatInr(total));
  expect(await plainLine.getByTestId('cart-line-quantity').textContent()).toBe('2');

  // − on the last unit takes the line away; an empty cart's link points home and looks disabled.
  await plainLine.getByRole('button', { name: `One less ${plain.name}` }).click();
  await plainLine.getByRole('button', { name: `One less ${plain.name}` }).click();
  await line(page, nameOf(variantProduct, second))
    .getByRole('button', { name: /^Remove / })
    .click();
  await drawer.getByText('Your cart is empty.').waitFor();
  const home = drawer.getByRole('link', { name: /Proceed To Checkout/ });
  expect(await home.getAttribute('href')).toBe('/');
  expect(await home.getAttribute('aria-disabled')).toBe('true');
  expect(await drawer.getByTestId('cart-total').textContent()).toBe(formatInr(0));
  expect(errorsOf(page)).toEqual([]);
});

test('a stale stored cart is refreshed on start: fresh price and name, unknown products dropped', async () => {
  const page = await session.newPage();
  await page.goto('/terms');
  const stale = (id: string, name: string) => ({
    id,
    productId: id,
    variantId: null,
    name,
    slug: 'old-slug',
    image: null,
    price: 100,
    mrp: 100,
    quantity: 2,
    attributes: {},
    cod: false,
    stock: 99,
    product_customization: null,
  });
  await page.evaluate(
    (items) =>
      localStorage.setItem(
        'cart',
        JSON.stringify({ state: { items, coupon: null, meta: null, isCashOnDelivery: false, cashOnDeliveryPageState: null }, version: 1 }),
      ),
    [stale(plain._id, 'Old name'), stale('00000000-0000-4000-8000-000000000000', 'A gift no longer sold')],
  );
  await page.reload();
  await page.getByRole('button', { name: /^Cart, / }).click();
  const drawer = cartDrawer(page);
  await drawer.waitFor();
  const refreshed = line(page, plain.name);
  await refreshed.waitFor();
  expect(await refreshed.getByTestId('cart-line-total').textContent()).toBe(formatInr(plain.price * 2));
  expect(await refreshed.getByRole('link', { name: plain.name, exact: true }).getAttribute('href')).toBe(`/product/${plain.slug}`);
  expect(await refreshed.textContent()).not.toContain('No cash on delivery');
  expect(await drawer.getByTestId('cart-line').count()).toBe(1);
  expect(await drawer.getByTestId('cart-total').textContent()).toBe(formatInr(plain.price * 2));
  // The fresh line is what local storage holds now.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
  expect(stored.state.items.map((item: { id: string; price: number }) => [item.id, item.price])).toEqual([[plain._id, plain.price]]);
  expect(errorsOf(page)).toEqual([]);
});

test('an out-of-stock variant cannot be added', async () => {
  const page = await session.newPage();
  await page.goto(`/product/${soldOut!.product.slug}?variant=${encodeURIComponent(soldOut!.variant.sku)}`);
  const button = page.locator('[data-slot="buy-actions"]').getByRole('button', { name: 'Out of stock' });
  await button.waitFor();
  expect(await button.isDisabled()).toBe(true);
});

test('in Arabic the drawer comes from the left, with its lines', async () => {
  const page = await session.newPage({ locale: 'ar' });
  await page.goto(`/product/${variantProduct.slug}?variant=${encodeURIComponent(first.sku)}`);
  await page.getByRole('button', { name: 'أضف إلى السلة', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'سلة التسوق' });
  await drawer.waitFor();
  await expect.poll(async () => (await drawer.boundingBox())?.x ?? -1).toBe(0);
  expect(await drawer.getByTestId('cart-line').count()).toBe(1);
  expect(await drawer.getByRole('link', { name: /المتابعة إلى الدفع/ }).getAttribute('href')).toBe('/checkout');
  expect(errorsOf(page)).toEqual([]);
});
