import { type Database, orderLines, orderRefunds, type RefundKindValue, type RefundLineValue } from '@shop/db';
import { MIN_REFUND } from '@shop/domain/admin/payments';
import { linesRefundAmount, type RefundedByLines } from '@shop/domain/admin/refund-amount';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../admin/audit.ts';
import type { Tx } from '../orders/coupons.ts';
import type { RequestUser } from '../auth/request-user.ts';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';
import { type PaymentProvider, type PaymentProviderError, providerFailure, type ProviderRefund } from './provider.ts';
import { liveRefunds, lockPayment, REFUNDABLE_STATUSES, refundableAmount, refundedQuantities, stockCameBackWithOrder } from './refund-ledger.ts';

export interface RefundAsk {
  orderId: string;
  kind: RefundKindValue;
  reason: string;
  restock: boolean;
  /** Paise, for `amount`. */
  amount?: number;
  /** For `lines`. */
  lines?: RefundLineValue[];
  /** The staff member asking (audit-logged); none for the refund of a cancellation. */
  actor?: Pick<RequestUser, 'id' | 'role' | 'email'>;
}

export type RefundRow = typeof orderRefunds.$inferSelect;

/** The lines and quantities asked for, merged by line and checked against what is still refundable. */
function chosenLines(
  asked: RefundLineValue[],
  sold: Array<{ id: string; name: string; price: number; quantity: number }>,
  taken: Map<string, number>,
): { lines: RefundLineValue[]; gross: number } {
  const merged = new Map<string, number>();
  for (const line of asked) merged.set(line.lineId.toLowerCase(), (merged.get(line.lineId.toLowerCase()) ?? 0) + line.quantity);
  let gross = 0;
  const lines: RefundLineValue[] = [];
  for (const [lineId, quantity] of merged) {
    const line = sold.find((candidate) => candidate.id === lineId);
    if (!line) throw fieldRefusal('lines', 'refund_lines_invalid');
    const max = line.quantity - (taken.get(lineId) ?? 0);
    if (quantity > max) throw fieldRefusal('lines', 'refund_quantity_too_large', { name: line.name, max: Math.max(0, max) });
    gross += line.price * quantity;
    lines.push({ lineId, quantity });
  }
  return { lines, gross };
}

/** The order's payment as read under its row lock (refund-ledger.ts lockPayment). */
export type LockedPayment = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

type LiveRefund = Awaited<ReturnType<typeof liveRefunds>>[number];

/** What the refunds by lines given or under way (not failed) took: their units at their prices, and their amounts. */
function refundedByLines(live: LiveRefund[], sold: Array<{ id: string; price: number }>): RefundedByLines {
  const price = new Map(sold.map((line) => [line.id, line.price]));
  const byLines = live.filter((refund) => refund.kind === 'lines');
  return {
    gross: byLines.reduce((sum, refund) => sum + (refund.lines ?? []).reduce((units, line) => units + (price.get(line.lineId) ?? 0) * line.quantity, 0), 0),
    given: byLines.reduce((sum, refund) => sum + refund.amount, 0),
  };
}

/**
 * Judges a refund against the ledger and writes it `requested`, in the caller's transaction with the order's row
 * locked (lockPayment): the order must have captured money left (409 `refund_order_not_paid`), the amount must fit in
 * what is left after refunds given and under way (409 `refund_exceeds_remaining`), and the row is written with its
 * audit record. Every refund the shop asks for passes here, so two at once are judged one after the other and can
 * never add up to more than was paid. Answers the row and the payment to refund.
 * Items go back to stock at most once: not by a refund of an order whose units already came back (cancelled, or its
 * returned parcel put on sale again: 409 `refund_restock_already_returned` on `restock`). The other order, a refund
 * under way when the order is cancelled, is settled without restocking (refund-ledger.ts settleRefund).
 */
export async function reserveRefund(tx: Tx, order: LockedPayment, ask: RefundAsk): Promise<{ row: RefundRow; paymentId: string }> {
  const live = await liveRefunds(tx, order.id);
  const left = refundableAmount(order, live);
  if (!order.providerPaymentId || !(REFUNDABLE_STATUSES as readonly string[]).includes(order.paymentStatus) || left <= 0) {
    throw new Refusal('refund_order_not_paid');
  }
  let amount: number;
  let lines: RefundLineValue[] | null = null;
  if (ask.kind === 'full' || ask.kind === 'lines') {
    const sold = await tx
      .select({ id: orderLines.id, name: orderLines.name, price: orderLines.price, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    const taken = refundedQuantities(live);
    if (ask.kind === 'full') {
      lines = sold.map((line) => ({ lineId: line.id, quantity: line.quantity - (taken.get(line.id) ?? 0) })).filter((line) => line.quantity > 0);
      amount = left;
    } else {
      const chosen = chosenLines(ask.lines ?? [], sold, taken);
      lines = chosen.lines;
      // What was paid for these units: the coupon's discount and the online-payment saving shared by price, rounded on
      // the running total so that refunding every line gives back exactly what was paid for them (domain rule).
      amount = linesRefundAmount(order, refundedByLines(live, sold), chosen.gross);
    }
    if (ask.restock && (await stockCameBackWithOrder(tx, order.id))) throw fieldRefusal('restock', 'refund_restock_already_returned');
  } else if (ask.kind === 'cancellation') {
    amount = left;
  } else {
    amount = ask.amount ?? 0;
  }
  if (amount < MIN_REFUND) throw fieldRefusal('amount', 'refund_amount_invalid');
  if (amount > left) throw fieldRefusal('amount', 'refund_exceeds_remaining', { amount, limit: left });
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      kind: ask.kind,
      amount,
      reason: ask.reason,
      lines,
      restock: ask.restock && lines !== null,
      requestedBy: ask.actor?.id ?? null,
    })
    .returning();
  if (!row) throw new Error('refund row not written');
  if (ask.actor) {
    await recordAudit(tx, ask.actor, {
      action: 'payment.refund',
      entityType: 'order',
      entityId: order.id,
      before: { paymentStatus: order.paymentStatus, amountPaid: order.amountPaid, amountRefunded: order.amountRefunded, refundable: left },
      after: { refundId: row.id, kind: row.kind, amount: row.amount, reason: row.reason, restock: row.restock, lines: row.lines },
    });
  }
  return { row, paymentId: order.providerPaymentId };
}

/**
 * Asks the provider for a refund already written `requested` (reserveRefund), after its transaction committed (a
 * network call must not hold the order's lock), with our row id in its notes (it comes back in the webhook, and the
 * reconciliation finds the refund by it). The provider's refund id is stored and the row becomes `pending` unless
 * the webhook settled it first.
 * - The provider refused (a 4xx): the row becomes `failed` (its money is no longer held) and this throws 503
 *   `refund_provider_failed`.
 * - No answer, a timeout or a 5xx: the provider may have made the refund, so the row stays `requested`, its money
 *   held, and is answered as it is. Marking it failed would free that money for a second refund while the first may
 *   be paid out. Its refund.processed / refund.failed webhook settles it as usual (found by `notes.refund_id`), and
 *   the reconciliation asks the provider about a row still `requested` minutes later, sending it again with the same
 *   id if the provider never had it (reconcile-refunds.ts).
 * The refund's outcome, and any return of stock, comes later with the webhook.
 */
export async function sendRefund(db: Database, provider: PaymentProvider, row: RefundRow, paymentId: string): Promise<RefundRow> {
  let refund: ProviderRefund;
  try {
    refund = await provider.refund(paymentId, {
      amount: row.amount,
      // Razorpay keeps up to 15 notes of 256 characters; ours comes back in the webhook.
      notes: { refund_id: row.id, order_id: row.orderId, reason: row.reason.slice(0, 250) },
    });
  } catch (error) {
    const rowAsItStands = async () => (await db.select().from(orderRefunds).where(eq(orderRefunds.id, row.id)))[0];
    // Not refused: the provider may have made the refund, or its webhook may have come while we waited: the row as it stands.
    if (providerFailure(error) !== 'refused') return (await rowAsItStands()) ?? row;
    const [failed] = await db
      .update(orderRefunds)
      .set({ status: 'failed', failure: (error as PaymentProviderError).message, settledAt: new Date() })
      .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, 'requested')))
      .returning({ id: orderRefunds.id });
    if (!failed) {
      // Another call for this row got the refund made meanwhile (the reconciliation's resend racing the first call):
      // the provider refused a duplicate, not the refund. The row stands as that call left it, and no one is told to
      // give the money back by hand.
      const current = await rowAsItStands();
      if (current && current.status !== 'failed') return current;
    }
    throw new Refusal('refund_provider_failed');
  }
  return markSent(db, row, refund.id);
}

/**
 * The provider has the refund (its answer to our call, or the reconciliation found it): its id is stored and the row
 * becomes `pending`, unless its webhook settled it first (only a still-requested refund becomes pending).
 */
export async function markSent(db: Database, row: RefundRow, providerRefundId: string): Promise<RefundRow> {
  const [stored] = await db.update(orderRefunds).set({ providerRefundId }).where(eq(orderRefunds.id, row.id)).returning();
  await db
    .update(orderRefunds)
    .set({ status: 'pending' })
    .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, 'requested')));
  return { ...(stored ?? row), status: stored?.status === 'requested' ? 'pending' : (stored?.status ?? 'pending') };
}

/**
 * Asks the payment provider for a refund of a paid order (issue 20, decision 063): staff's refunds in full, by lines
 * (what was paid for them: their prices less the coupon's discount and the online-payment saving in proportion) or by
 * an amount, and the refund of a cancelled paid order or of a parcel sent back. The ledger row is written in one
 * transaction under the order's row lock (reserveRefund), then the provider is called after the commit (sendRefund).
 * A late payment's refund takes the same two steps (late-payment.ts).
 * When the provider does not answer, the row stays `requested` (sendRefund). The shop's own refunds go on as under
 * way; a staff member is answered 503 `refund_outcome_unknown`, so they know the refund may have been made and must
 * not ask for it again (its money is held meanwhile, so the ledger would refuse most repeats anyway).
 */
export async function requestRefund(db: Database, provider: PaymentProvider, ask: RefundAsk): Promise<RefundRow> {
  const { row, paymentId } = await db.transaction(async (tx) => {
    const order = await lockPayment(tx, ask.orderId);
    if (!order) throw new Refusal('admin_order_not_found');
    return reserveRefund(tx, order, ask);
  });
  const sent = await sendRefund(db, provider, row, paymentId);
  if (sent.status === 'requested' && ask.actor) throw new Refusal('refund_outcome_unknown');
  return sent;
}
