/**
 * Payment rules (issue 20, decision 060): the methods a shopper pays by, the states an order's payment passes through,
 * and which provider report may move it where. The API applies them; the storefront reads the same names. Amounts are
 * integer paise everywhere. Its own module without zod, so browser code can import it cheaply.
 */

export const paymentMethods = ['cod', 'prepaid'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentStatuses = ['pending', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The only place cash on delivery is named: every other rule asks these. */
export const CASH_ON_DELIVERY: PaymentMethod = 'cod';
export const PREPAID: PaymentMethod = 'prepaid';
export const isCashOnDelivery = (method: PaymentMethod): boolean => method === CASH_ON_DELIVERY;
/** Paise: the least a payment provider takes online (Razorpay: ₹1). An order for less cannot be paid online. */
export const MIN_ONLINE_PAYMENT = 100;

/** The currency every order is priced in. */
export const SHOP_CURRENCY = 'INR';

/** The minutes a prepaid order holds its stock while the shopper pays (PAYMENT_RESERVATION_MINUTES). */
export const DEFAULT_PAYMENT_RESERVATION_MINUTES = 15;

/**
 * The money has reached the shop or is promised to it: the order is paid. A paid order never goes back to pending or
 * failed, whatever arrives later (webhooks come out of order, and `payment.failed` may follow a capture).
 */
export const PAID_STATUSES = ['authorized', 'captured', 'refunded', 'partially_refunded'] as const satisfies readonly PaymentStatus[];
export const isPaid = (status: PaymentStatus): boolean => (PAID_STATUSES as readonly string[]).includes(status);

/**
 * Whether an order still waits for its money: a prepaid order not yet paid. Such an order is not made, packed or
 * shipped; the shop may only cancel it (fulfilment starts on the server's confirmation of the payment).
 */
export const awaitsPayment = (method: PaymentMethod, status: PaymentStatus): boolean => !isCashOnDelivery(method) && !isPaid(status);

/** How far along each status is: a report may only move an order forward (refunds are after capture). */
const RANK: Record<PaymentStatus, number> = { pending: 0, failed: 1, authorized: 2, captured: 3, partially_refunded: 4, refunded: 5 };

/**
 * Whether a provider's report of `to` may replace the stored `from`. Forward only: pending → failed → authorized →
 * captured → (partially_)refunded; a failure may be followed by a late authorisation or capture (Razorpay's late
 * authorisation), never the other way round; a partial refund may be followed by more.
 */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return to === 'partially_refunded';
  return RANK[to] > RANK[from];
}

/** The statuses an order may be in and still take a payment report of `to` (the SQL of a conditional update uses it). */
export function paymentStatusesBefore(to: PaymentStatus): PaymentStatus[] {
  return paymentStatuses.filter((from) => canMovePayment(from, to));
}

/** The order's money was captured (some or all of it perhaps refunded since): its payment is settled. */
export const CAPTURED_STATUSES = ['captured', 'partially_refunded', 'refunded'] as const satisfies readonly PaymentStatus[];

/**
 * Whether a captured payment is a second one for its order (decision 146): the order's money was already captured by
 * another payment (a shopper paying from two tabs, or the provider order paid by two payment ids). Such money is not
 * the order's and goes back to the shopper. An order only authorised by another payment is not paid twice: the
 * captured money takes the place of the authorisation, which the provider releases if it is never captured.
 */
export function isSecondCapture(order: { paymentStatus: PaymentStatus; providerPaymentId: string | null }, paymentId: string): boolean {
  return (CAPTURED_STATUSES as readonly string[]).includes(order.paymentStatus) && order.providerPaymentId !== null && order.providerPaymentId !== paymentId;
}

/** The status after refunds of `refunded` paise of a payment of `paid` paise. */
export function refundStatus(paid: number, refunded: number): PaymentStatus {
  return refunded >= paid ? 'refunded' : 'partially_refunded';
}

/** Why a provider's report was not applied, kept on the order for staff (orders.payment_flag). */
export const paymentFlags = [
  'amount_mismatch',
  'currency_mismatch',
  /** Paid after its reservation expired: being placed again, or refunded (payments/late-payment.ts). */
  'paid_after_cancellation',
  /** Paid after expiry with the items sold out: refunded in full automatically. */
  'late_payment_refunded',
  /** That automatic refund failed: staff refund by hand. */
  'late_payment_refund_failed',
  /** A paid order was cancelled and the provider refused its refund: staff refund by hand. */
  'cancel_refund_failed',
  /**
   * Paid online after its shopper switched it to cash on delivery, too late to take the money instead of the cash (a
   * shipment booked, the order over): staff refund the payment (decision 141).
   */
  'paid_after_cod_switch',
  /** A second payment was captured for an order already paid: it is being refunded in full automatically (decision 146). */
  'paid_twice',
  /** That automatic refund was refused or failed: staff refund the second payment by hand. */
  'paid_twice_refund_failed',
] as const;
export type PaymentFlag = (typeof paymentFlags)[number];
