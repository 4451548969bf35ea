import { expect, test } from 'vitest';
import type { ProductSummary } from '@shop/domain/catalogue';
import { latestMessage, linkIn, signedUpCustomer } from './accounts';
import { signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Issue 21, messages: the shopper's message preferences in Arabic (right to left) and English, the unsubscribe page,
 * and the staff's template list with the live preview of an Arabic mail; each page checked with axe.
 */

const session = useBrowser();

test('a shopper chooses channels for order updates and offers separately, in Arabic (rtl)', async () => {
  const page = await session.newPage({ locale: 'ar' });
  await signedUpCustomer(page.context(), 'messages');
  await page.goto('/my-account/messages');
  await page.getByRole('heading', { level: 1, name: 'الرسائل' }).waitFor();
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
  expect(await axeViolations(page)).toEqual([]);

  const orders = page.getByRole('group', { name: 'تحديثات الطلبات' });
  const offers = page.getByRole('group', { name: 'العروض والأخبار' });
  // The defaults: order updates by e-mail and SMS, no offers.
  expect(await orders.getByRole('checkbox', { name: 'البريد الإلكتروني' }).isChecked()).toBe(true);
  expect(await offers.getByRole('checkbox', { name: 'البريد الإلكتروني' }).isChecked()).toBe(false);
  const save = page.getByRole('button', { name: 'حفظ التفضيلات' });
  await expect.poll(() => save.isEnabled()).toBe(true);
  await orders.getByRole('checkbox', { name: 'رسائل SMS' }).uncheck();
  await offers.getByRole('checkbox', { name: 'البريد الإلكتروني' }).check();
  await page.getByLabel('لغة الرسائل').selectOption('hi');
  await save.click();
  await page.getByRole('status').filter({ hasText: 'تم حفظ تفضيلات الرسائل.' }).waitFor();

  // Stored: a fresh load shows the choices.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'الرسائل' }).waitFor();
  expect(await page.getByRole('group', { name: 'تحديثات الطلبات' }).getByRole('checkbox', { name: 'رسائل SMS' }).isChecked()).toBe(false);
  expect(await page.getByRole('group', { name: 'العروض والأخبار' }).getByRole('checkbox', { name: 'البريد الإلكتروني' }).isChecked()).toBe(true);
  expect(await page.getByLabel('لغة الرسائل').inputValue()).toBe('hi');
  expect(errorsOf(page)).toEqual([]);
});

test('the preferences page in English and the unsubscribe page pass axe; a bad unsubscribe link is refused by code', async () => {
  const page = await session.newPage();
  await signedUpCustomer(page.context(), 'messages-en');
  await page.goto('/my-account/messages');
  await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  const visitor = await session.newPage({ locale: 'hi' });
  await visitor.goto('/unsubscribe?token=nosuchtokennosuchtoken');
  await visitor.getByRole('heading', { level: 1, name: 'सदस्यता छोड़ें' }).waitFor();
  expect(await axeViolations(visitor)).toEqual([]);
  const button = visitor.getByRole('button', { name: 'सदस्यता छोड़ें' });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  await visitor.getByRole('alert').filter({ hasText: 'यह अनसब्सक्राइब लिंक मान्य नहीं है' }).waitFor();
});

test('staff preview a message with sample data live, in Arabic right to left, and the page passes axe', async () => {
  const page = await session.newPage();
  await signInAdmin(page.context());
  await page.goto('/admin/messages');
  await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Edit Shipped in Arabic', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: 'Shipped · Arabic' }).waitFor();
  const subject = page.getByTestId('preview-subject');
  await expect.poll(() => subject.textContent()).toBe('تم شحن الطلب KG-261126-7K3M9Q');
  const frame = page.frameLocator('iframe[title="E-mail preview: Shipped in Arabic"]');
  await frame.locator('html[dir="rtl"][lang="ar"]').waitFor({ state: 'attached' });
  const mailText = () => frame.locator('body').innerText();
  await expect.poll(mailText).toContain('مرحبًا آشا، طلبك KG-261126-7K3M9Q في الطريق مع Delhivery');

  // A draft intro is previewed as it is typed, before it is saved.
  await page.getByLabel('Intro text').fill('مرحبًا {name}، طلبك {orderNumber} في الطريق إليك!');
  await expect.poll(mailText).toContain('مرحبًا آشا، طلبك KG-261126-7K3M9Q في الطريق إليك!');
  expect(await axeViolations(page)).toEqual([]);
  expect(errorsOf(page)).toEqual([]);
});

test("the personalisation message's link opens the order's customisation dialog", async () => {
  const found: ProductSummary[] = [];
  for (let page = 1; page <= 10 && !found.some((p) => p.product_customization?.type === 'text' && !p.hasVariants && p.cod && p.stock >= 3); page++) {
    const response = await fetch(`${baseUrl}/api/products?inStock=true&limit=48&page=${page}`);
    found.push(...((await response.json()) as { data: ProductSummary[] }).data);
  }
  const product = found.find((p) => p.product_customization?.type === 'text' && !p.hasVariants && p.cod && p.stock >= 3)!;
  expect(product, 'an in-stock text product').toBeTruthy();
  const page = await session.newPage();
  const person = await signedUpCustomer(page.context(), 'personalise-link');
  const call = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await page.context().request.fetch(path, { method: 'POST', data, headers: { origin: baseUrl } });
    if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const address = await call<{ _id: string }>('/api/user/addresses', {
    name: person.name,
    mobile: '9876543212',
    line1: '9, Park Street',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
  });
  const since = Date.now() - 1000;
  const order = await call<{ _id: string; number: string }>('/api/user/order', {
    items: [{ productId: product._id, variantId: null, quantity: 1 }],
    addressId: address._id,
    paymentMethod: 'cod',
  });
  const message = await latestMessage(person.email, { kind: 'personalisation-needed', since });
  expect(message.subject).toBe(`Tell us how to personalise order ${order.number}`);
  const link = new URL(linkIn(message).replace(/]$/, ''));
  expect(link.pathname).toBe(`/my-account/orders/${order._id}`);
  await page.goto(link.pathname + link.search);
  await page.getByRole('dialog').filter({ hasText: product.name }).first().waitFor();
  expect(errorsOf(page)).toEqual([]);
});
