import type { APIResponse, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { signedUpCustomer } from './accounts';
import { signInAdmin } from './admin-session';
import { axeViolations } from './axe';
import { baseUrl, errorsOf, useBrowser } from './browser';

/**
 * Decision 146 in the back office: a shopper pays one order from two tabs at once at the loopback Razorpay, so its
 * provider order has two captured payments. The admin finds the order among the flagged payments, reads why it is
 * flagged (paid twice, the second payment given back automatically) and sees that refund settled by Razorpay's
 * webhook, while the order's own payment stays captured and refundable in full. The page passes axe.
 */

const session = useBrowser();

type Checkout = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
type PlacedOrder = { _id: string; number: string; grandTotal: number; payment: { keyId: string; providerOrderId: string } };

const post = (page: Page, path: string, data: unknown): Promise<APIResponse> => page.context().request.post(path, { data, headers: { origin: baseUrl } });

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await page.context().request.fetch(path, { method, ...(data === undefined ? {} : { data }), headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

test('an order paid from two tabs is flagged, its second payment given back automatically and listed with the refunds', async () => {
  const shopper = await session.newPage();
  const person = await signedUpCustomer(shopper.context(), 'paid-twice');
  const listing = await api<{ data: { _id: string; stock: number; hasVariants: boolean }[] }>(shopper, 'GET', '/api/products?limit=60&sort=newest');
  const product = listing.data.find((p) => !p.hasVariants && p.stock > 5);
  if (!product) throw new Error('no simple in-stock product in the first page');
  const address = await api<{ _id: string }>(shopper, 'POST', '/api/user/addresses', {
    name: person.name,
    mobile: '9876504322',
    line1: '7, Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560025',
  });

  // Two tabs press Pay at the same moment: Razorpay takes both while neither has been captured yet. (The loopback
  // refuses a payment on an order already paid, as Razorpay does: a try where the second tab came too late is made
  // again on a new order.)
  let order: PlacedOrder | undefined;
  let payments: Checkout[] = [];
  for (let attempt = 0; attempt < 5 && payments.length < 2; attempt += 1) {
    order = await api<PlacedOrder>(shopper, 'POST', '/api/user/order', {
      items: [{ productId: product._id, variantId: null, quantity: 1 }],
      addressId: address._id,
      paymentMethod: 'prepaid',
    });
    const pay = { key: order.payment.keyId, order_id: order.payment.providerOrderId };
    const answers = await Promise.all([post(shopper, '/api/payments/loopback/pay', pay), post(shopper, '/api/payments/loopback/pay', pay)]);
    payments = await Promise.all(answers.filter((answer) => answer.ok()).map(async (answer) => (await answer.json()) as Checkout));
  }
  if (!order || payments.length < 2) throw new Error('the two tabs never paid at the same moment');
  const placed = order;
  // The second tab's browser confirms its payment too: it is answered the order, paid once.
  for (const checkout of payments) {
    const confirmed = await api<{ paymentStatus: string }>(shopper, 'POST', `/api/user/order/${placed._id}/payment/verify`, checkout);
    expect(confirmed.paymentStatus).toBe('captured');
  }

  const admin = await session.newPage();
  await signInAdmin(admin.context());
  await admin.goto(`/admin/payments?flagged=1&q=${placed.number}`);
  await admin.locator(`tr[data-payment="${placed.number}"]`).getByText('Paid twice: the second payment is refunded automatically').waitFor();

  await admin.goto(`/admin/payments/${placed._id}`);
  const flag = admin.getByTestId('payment-flag');
  await flag.getByRole('heading', { name: 'Flag: Paid twice: the second payment is refunded automatically' }).waitFor();
  await flag.getByText(/A second payment was captured for this order after it had been paid/).waitFor();
  // Its refund, settled by Razorpay's refund.processed webhook, names the second payment; the order keeps its own.
  await expect
    .poll(
      async () => {
        await admin.reload();
        return admin.locator('[data-refund-status]').first().getAttribute('data-refund-status');
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe('processed');
  const refunds = admin.getByTestId('refunds');
  await refunds.getByText(/Second payment given back · Processed/).waitFor();
  const detail = await api<{ payment: { providerPaymentId: string; status: string }; refundable: number }>(admin, 'GET', `/api/admin/payments/${placed._id}`);
  expect(detail.payment.status).toBe('captured');
  expect(detail.refundable).toBe(placed.grandTotal);
  const second = payments.map((checkout) => checkout.razorpay_payment_id).find((id) => id !== detail.payment.providerPaymentId);
  await refunds.getByText(`Paid twice: the second payment (${second}) given back`).waitFor();
  // Staff may still refund the order's own payment in full.
  await admin.getByRole('button', { name: 'Refund…' }).waitFor();

  expect(await axeViolations(admin)).toEqual([]);
  expect(errorsOf(admin)).toEqual([]);
  expect(errorsOf(shopper)).toEqual([]);
});
