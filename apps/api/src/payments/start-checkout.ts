import { type Database, orders } from '@shop/db';
import type { CheckoutPayment } from '@shop/domain/order';
import { PREPAID, SHOP_CURRENCY } from '@shop/domain/payment';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';
import { cancelUnpaid, UNPAID } from './cancel-unpaid.ts';
import type { PaymentProvider } from './provider.ts';

/** What the order services need of payments: the provider, and how long an unpaid order holds its stock. */
export interface PaymentDeps {
  provider: PaymentProvider;
  reservationMinutes: number;
  /** The provider's browser library (checkout block's scriptUrl); Razorpay's checkout.js unless the loopback's stands in. */
  checkoutScriptUrl?: string;
}

/** Razorpay's Standard Checkout library: it must be loaded from Razorpay itself (docs/providers/razorpay.md §4). */
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
const scriptOf = (payments: PaymentDeps) => payments.checkoutScriptUrl ?? RAZORPAY_CHECKOUT_SCRIPT;

/**
 * Opens the provider's side of a prepaid order just written (decision 060): a provider order for the grand total in
 * paise, with our order number as its receipt, stored on the order (the only id a checkout signature is checked
 * against). It runs after the order's one statement, never inside it: a network call must not hold the stock rows'
 * locks. If the provider cannot be reached or refuses, the order is cancelled and its stock and coupon given back at
 * once, and the shopper is told (503 `payment_provider_unavailable`); their cart is untouched.
 */
export async function startCheckout(
  db: Database,
  payments: PaymentDeps,
  order: { id: string; number: string; grandTotal: number },
  onStockBack: () => Promise<void>,
): Promise<CheckoutPayment> {
  try {
    const created = await payments.provider.createOrder({
      amount: order.grandTotal,
      currency: SHOP_CURRENCY,
      receipt: order.number,
      notes: { order_id: order.id },
    });
    await db.update(orders).set({ providerOrderId: created.id, providerOrderAmount: created.amount }).where(eq(orders.id, order.id));
    return {
      provider: payments.provider.name,
      keyId: payments.provider.keyId,
      providerOrderId: created.id,
      amount: created.amount,
      currency: created.currency,
      scriptUrl: scriptOf(payments),
    };
  } catch (error) {
    const undone = await cancelUnpaid(db, order.id, { note: 'Online payment was unavailable' });
    if (undone.cameBack) await onStockBack();
    // The provider's own error stays attached for the log line of this 503.
    throw Object.assign(new Refusal('payment_provider_unavailable'), { cause: error });
  }
}

/** The checkout block of a prepaid order still waiting for its payment (an Idempotency-Key replay answers it again). */
export async function checkoutOf(db: Database, payments: PaymentDeps, orderId: string): Promise<CheckoutPayment | undefined> {
  const [row] = await db
    .select({ providerOrderId: orders.providerOrderId, grandTotal: orders.grandTotal })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'placed'),
        // Not once switched to cash on delivery: its grand total is no longer the provider order's amount.
        eq(orders.paymentMethod, PREPAID),
        eq(orders.paymentProvider, payments.provider.name),
        isNotNull(orders.providerOrderId),
        inArray(orders.paymentStatus, [...UNPAID]),
      ),
    )
    .limit(1);
  if (!row?.providerOrderId) return undefined;
  return {
    provider: payments.provider.name,
    keyId: payments.provider.keyId,
    providerOrderId: row.providerOrderId,
    amount: row.grandTotal,
    currency: SHOP_CURRENCY,
    scriptUrl: scriptOf(payments),
  };
}
