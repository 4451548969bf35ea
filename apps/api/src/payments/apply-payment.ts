import { type Database, type OrderStatusValue, orders, shipments } from '@shop/db';
import {
  CASH_ON_DELIVERY,
  canMovePayment,
  isSecondCapture,
  PREPAID,
  type PaymentFlag,
  type PaymentMethod,
  type PaymentStatus,
  paymentStatusesBefore,
  SHOP_CURRENCY,
} from '@shop/domain/payment';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import type { Tx } from '../orders/coupons.ts';
import { executeNamed } from '../orders/named-statement.ts';
import { creditInvoice } from '../invoices/credit-note.ts';
import { issueDueInvoiceNow } from '../invoices/invoice-issuer.ts';
import { enqueueOrderConfirmed, enqueueOrderEvent } from '../messages/order-events.ts';
import { flagPayment, SETTLING_FLAG } from './payment-flag.ts';
import type { ProviderPayment } from './provider.ts';
import { recordSecondPayment, type SecondPayment } from './second-payment.ts';

/**
 * Applies what a provider reports about a payment to its order (decision 060), from whichever comes first: the
 * browser's verified checkout or a webhook. Every change is ONE conditional UPDATE whose WHERE names the statuses it
 * may replace (packages/domain/src/payment.ts: forward only), so a report applied twice, two reports at once, or a
 * report older than the stored state (webhooks arrive out of order) changes the order at most once and never moves it
 * back from paid. What the report says is checked against the order first: another amount or currency is not applied
 * but flagged for staff; a second payment captured for an order already paid is recorded, flagged and refunded
 * (second-payment.ts, decision 146).
 */

export type ApplyOutcome = 'applied' | 'ignored' | 'flagged';

export interface PayableOrder {
  id: string;
  grandTotal: number;
}

/** An order read under the caller's row lock (lockForPayment): no other report moves it until the caller commits. */
export interface LockedOrder extends PayableOrder {
  paymentStatus: PaymentStatus;
  status: OrderStatusValue;
  /** `cod` on a prepaid order's row once its shopper switched to cash on delivery (payments/pay-on-delivery.ts). */
  paymentMethod: PaymentMethod;
  /** What the provider's order was opened for (null on orders from before migration 0031 that switched since). */
  providerOrderAmount: number | null;
  /** The provider's payment that paid it, once one did. */
  providerPaymentId: string | null;
}

/** What applying a report leaves for its caller to do, in its transaction or after its commit. */
export interface ApplyEffects {
  /** The money came for an order cancelled meanwhile (flag `paid_after_cancellation`): settled after the commit. */
  late: boolean;
  /**
   * The order was paid just now and its GST invoice is due (decision 109): the paying UPDATE set
   * `orders.invoice_due_at`, and the batch issuer (invoices/invoice-issuer.ts) issues it after the commit; the
   * caller wakes it, or issues it in its own transaction (issueDueInvoiceNow).
   */
  invoiceDue: string | null;
  /** A refund put items back in stock and something sold out is available again. */
  stockCameBack: boolean;
  /** Messages for the customer were written (the outbox worker is woken after the commit). */
  messages: boolean;
  /** A second payment captured for the order was recorded: its refund is asked for after the commit (decision 146). */
  secondPayment: SecondPayment | null;
}

export const noEffects = (): ApplyEffects => ({ late: false, invoiceDue: null, stockCameBack: false, messages: false, secondPayment: null });

type Writer = Database | Tx;

/** The order a provider order id belongs to, or null. */
export async function orderOfProviderOrder(db: Writer, provider: string, providerOrderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      grandTotal: orders.grandTotal,
      paymentStatus: orders.paymentStatus,
      amountPaid: orders.amountPaid,
    })
    .from(orders)
    .where(and(eq(orders.paymentProvider, provider), eq(orders.providerOrderId, providerOrderId)))
    .limit(1);
  return row ?? null;
}

/**
 * The order, locked for the rest of the transaction (NO KEY UPDATE: the lock its payment update would take anyway,
 * taken first, so every report about one order waits for the one before it and none waits in the middle of its own).
 */
export async function lockForPayment(tx: Tx, orderId: string): Promise<LockedOrder | null> {
  const [row] = await tx
    .select({
      id: orders.id,
      grandTotal: orders.grandTotal,
      paymentStatus: orders.paymentStatus,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      providerOrderAmount: orders.providerOrderAmount,
      providerPaymentId: orders.providerPaymentId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('no key update');
  return row ?? null;
}

/** The mismatch between a reported payment and the order, if any. */
export function mismatchOf(order: PayableOrder, payment: Pick<ProviderPayment, 'amount' | 'currency'>): PaymentFlag | null {
  if (payment.currency !== SHOP_CURRENCY) return 'currency_mismatch';
  if (payment.amount !== order.grandTotal) return 'amount_mismatch';
  return null;
}

/** The statuses of an order still waiting for its money: a move out of them is the moment it becomes paid. */
export const UNPAID_STATUSES: PaymentStatus[] = ['pending', 'failed'];

/**
 * The payment's columns as a paying report sets them (an order cancelled meanwhile still records the money, flagged
 * `paid_after_cancellation` so staff refund it or re-reserve); webhook.ts's one-statement path sets the same.
 */
export function paidColumns(payment: ProviderPayment, to: Extract<PaymentStatus, 'authorized' | 'captured'>) {
  return sql`payment_status = ${to}, provider_payment_id = ${payment.id}, amount_paid = ${payment.amount}::int, reservation_expires_at = null,
    payment_flag = case when status = 'cancelled' then coalesce(payment_flag, 'paid_after_cancellation') else payment_flag end, updated_at = now()`;
}

/**
 * The payment is authorised or captured: the order is paid (decision 082: one UPDATE … RETURNING, the order locked by
 * the caller). Only the report that moves it out of unpaid writes the customer's "payment received" message, in the
 * same transaction, and marks the invoice due in the same UPDATE (decision 109: `invoice_due_at`, unless the order was
 * cancelled meanwhile; effects.invoiceDue); a later authorised → captured move sends nothing.
 */
export async function markPaid(
  tx: Tx,
  order: LockedOrder,
  payment: ProviderPayment,
  to: Extract<PaymentStatus, 'authorized' | 'captured'>,
  effects: ApplyEffects,
): Promise<ApplyOutcome> {
  if (order.paymentMethod === CASH_ON_DELIVERY) return payInsteadOfCash(tx, order, payment, to, effects);
  const mismatch = mismatchOf(order, payment);
  if (mismatch) {
    await flagPayment(tx, order.id, mismatch);
    return 'flagged';
  }
  // Another payment's money was captured for this order already: this one goes back (decision 146), once.
  if (to === 'captured' && isSecondCapture(order, payment.id)) {
    effects.secondPayment = await recordSecondPayment(tx, order.id, payment);
    return effects.secondPayment ? 'flagged' : 'ignored';
  }
  if (!canMovePayment(order.paymentStatus, to)) return 'ignored';
  // Out of unpaid, the same statement marks the invoice due (the order is locked: it cannot change meanwhile).
  const first = UNPAID_STATUSES.includes(order.paymentStatus);
  const [paid] = rowsOf<{ status: OrderStatusValue; late: boolean }>(
    await executeNamed(
      tx,
      first ? 'payment-mark-paid-first' : 'payment-mark-paid',
      sql`update ${orders} as o set ${paidColumns(payment, to)}${first ? sql`, invoice_due_at = case when o.status <> 'cancelled' then coalesce(o.invoice_due_at, now()) else o.invoice_due_at end` : sql``}
           where o.id = ${order.id}::uuid and o.payment_status = ${order.paymentStatus}
          returning o.status, o.payment_flag is not distinct from 'paid_after_cancellation' as late`,
    ),
  );
  // The caller's lock makes this the status it read; nothing else can have moved it.
  if (!paid) return 'ignored';
  // Money for a cancelled order that kept an earlier flag: one staff resolved already does not hide the late payment,
  // whose flag takes its place and is settled as ever (decision 150); an unresolved one is kept (the first flag).
  const late = paid.late || (paid.status === 'cancelled' && (await flagPayment(tx, order.id, SETTLING_FLAG)) === SETTLING_FLAG);
  effects.late ||= late;
  if (first && paid.status !== 'cancelled') {
    await writePaidMessage(tx, order.id);
    effects.messages = true;
    // Issue 21: a prepaid order's GST invoice is issued when it is paid: due now, issued by the batch issuer after
    // this transaction commits (decision 109), or by the caller in it.
    effects.invoiceDue = order.id;
  }
  return 'applied';
}

/** An order whose parcel is still the shop's: no courier has been told what to collect. */
const BEFORE_SHIPPING: OrderStatusValue[] = ['placed', 'confirmed', 'in_production', 'packed'];

/**
 * A payment on the provider order of an order its shopper then switched to cash on delivery (decision 141): the
 * online payment was already on its way (a UPI collect request approved later, checkout still open in another tab).
 * The money wins while the parcel is still the shop's: in one conditional UPDATE the order becomes prepaid again and
 * paid, with the figures the provider order was opened for (its amount is the grand total again: the COD fee goes, the
 * prepaid saving comes back), its COD confirmation dropped, its invoice due, and the "payment received" message
 * written. Never both cash and card: once a shipment is booked (the courier was told to collect cash) or the order is
 * over, or the amount is not the provider order's, the payment is only flagged for staff (`paid_after_cod_switch`,
 * or the mismatch), who refund it.
 */
async function payInsteadOfCash(
  tx: Tx,
  order: LockedOrder,
  payment: ProviderPayment,
  to: Extract<PaymentStatus, 'authorized' | 'captured'>,
  effects: ApplyEffects,
): Promise<ApplyOutcome> {
  // Checked against what the provider order was opened for (unknown on an order switched before migration 0031: then
  // only the currency, and the UPDATE below, which asks for the amount, flags it).
  const mismatch = mismatchOf({ id: order.id, grandTotal: order.providerOrderAmount ?? payment.amount }, payment);
  if (mismatch) {
    await flagPayment(tx, order.id, mismatch);
    return 'flagged';
  }
  if (!canMovePayment(order.paymentStatus, to)) return 'ignored';
  // The paid columns are markPaid's (paidColumns); the rest undoes the switch: the COD fee goes, the prepaid saving
  // comes back as the provider order's amount says (the charges before the COD fee, less that amount).
  const [switched] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update ${orders} as o set ${paidColumns(payment, to)}, payment_method = ${PREPAID}, cod_fee = 0,
             prepaid_discount = o.grand_total - o.cod_fee + o.prepaid_discount - ${payment.amount}::int, grand_total = ${payment.amount}::int,
             cod_confirmation = null, cod_confirm_secret = null, cod_confirm_by = null, invoice_due_at = coalesce(o.invoice_due_at, now())
       where o.id = ${order.id}::uuid and o.payment_method = ${CASH_ON_DELIVERY} and o.payment_status = ${order.paymentStatus}
         and o.status in (${sql.join(
           BEFORE_SHIPPING.map((status) => sql`${status}`),
           sql`, `,
         )})
         and o.provider_order_amount = ${payment.amount}::int
         and o.grand_total - o.cod_fee + o.prepaid_discount >= ${payment.amount}::int
         and not exists (select 1 from ${shipments} s where s.order_id = o.id and s.status <> 'cancelled')
      returning o.id`),
  );
  if (!switched) {
    await flagPayment(tx, order.id, 'paid_after_cod_switch');
    return 'flagged';
  }
  await writePaidMessage(tx, order.id);
  effects.messages = true;
  effects.invoiceDue = order.id;
  return 'applied';
}

/**
 * A payment report applied on its own transaction (the browser's verified checkout, not a hot path): the order locked,
 * marked paid, its due invoice issued as the last write; answers the outcome, whether the money came for a
 * cancelled order, and the second payment recorded for the caller to refund after the commit.
 */
export async function applyPayment(
  db: Database,
  orderId: string,
  payment: ProviderPayment,
  to: Extract<PaymentStatus, 'authorized' | 'captured'>,
): Promise<{ outcome: ApplyOutcome; late: boolean; secondPayment?: SecondPayment }> {
  const effects = noEffects();
  const outcome = await db.transaction(async (tx): Promise<ApplyOutcome> => {
    const order = await lockForPayment(tx, orderId);
    if (!order) return 'ignored';
    const applied = await markPaid(tx, order, payment, to, effects);
    if (effects.invoiceDue) await issueDueInvoiceNow(tx, effects.invoiceDue);
    return applied;
  });
  return { outcome, late: effects.late, ...(effects.secondPayment ? { secondPayment: effects.secondPayment } : {}) };
}

/**
 * The customer's confirmation of a prepaid order (issue 21: messages/order-events.ts, in `db`, the payment's
 * transaction when there is one), and the request for its personalisation when it needs one. A cash-on-delivery
 * order's is written when placed.
 */
export async function writePaidMessage(db: Writer, orderId: string): Promise<void> {
  await enqueueOrderConfirmed(db, 'payment-received', orderId);
}

/** The payment failed: a pending order becomes failed (the shopper may retry until the reservation expires); nothing else moves. */
export async function markFailed(db: Writer, order: PayableOrder): Promise<ApplyOutcome> {
  const changed = await db
    .update(orders)
    .set({ paymentStatus: 'failed' })
    .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, paymentStatusesBefore('failed'))))
    .returning({ id: orders.id });
  // Issue 21: the shopper gets a retry link, once per order (in the webhook's transaction).
  if (changed.length > 0) await enqueueOrderEvent(db, 'payment-failed', order.id);
  return changed.length > 0 ? 'applied' : 'ignored';
}

/**
 * Refunds of the order's own payment processed: `refunded` is the payment's total refunded so far (the provider's
 * cumulative figure), so a late or repeated event never counts a refund twice. The caller checks the refunded payment
 * is the order's: another payment's refunds (a second payment's, decision 146) are not the order's money.
 */
export async function markRefunded(db: Writer, order: PayableOrder, refunded: number): Promise<ApplyOutcome> {
  const changed = await db
    .update(orders)
    .set({
      amountRefunded: refunded,
      paymentStatus: sql`case when ${refunded}::int >= ${orders.amountPaid} then 'refunded' else 'partially_refunded' end`,
    })
    .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, ['captured', 'partially_refunded']), lt(orders.amountRefunded, refunded)))
    .returning({ id: orders.id });
  if (changed.length > 0) {
    // Issue 21: what has been refunded so far is credited against the invoice (a partial refund, a partial credit
    // note), and one message goes per refunded total (a second partial refund is news; a redelivered event is not).
    await creditInvoice(db, order.id, refunded, 'refunded');
    await enqueueOrderEvent(db, 'order-refunded', order.id, { stage: String(refunded), amount: refunded });
  }
  return changed.length > 0 ? 'applied' : 'ignored';
}
