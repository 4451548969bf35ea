import { type Database, orderRefunds, orders } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';
import { DEFAULT_PENDING_REFUND_AFTER_SECONDS } from './reconcile-defaults.ts';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider, providerFailure, type ProviderRefund } from './provider.ts';
import { cancellationResendRefused } from './refund-cancelled.ts';
import { markSent, type RefundRow, sendRefund } from './refund-order.ts';
import { secondPaymentRefundFailed } from './second-payment.ts';
import { recordAndApply } from './webhook.ts';

/**
 * Refunds the shop never heard the outcome of (decisions 063, 142 and 146). Part of the payments reconciliation pass
 * (reconcile.ts), under its runner lock.
 *
 * First, a ledger row still `requested` some minutes after it was written. Either the provider did not answer our
 * call (a timeout, a network error, a 5xx: sendRefund leaves the row requested, its money held, because the provider
 * may have made the refund), or the process stopped between the row's commit and the call.
 *
 * Each is asked about at the provider: the payment's refunds (Razorpay `GET /v1/payments/:id/refunds`), among which
 * ours carries its row id in `notes.refund_id`.
 * - Found processed or failed: settled through the webhook's own path (webhook.ts recordAndApply) under an event id
 *   of its own, with the payment as the provider reports it now. So the row is settled (and its items restocked) once,
 *   whether the webhook comes before, after, or never.
 * - Found pending: its provider id stored and the row `pending`, for its webhook to settle, as after an answered call.
 * - Not found: the provider never had it. It is sent again, the same row with the same id in its notes, so the next
 *   pass finds it if this call's answer is lost too; a refusal (a 4xx) marks it failed, as for any refund, and a
 *   second payment's or a cancellation's refund also flags its order (`paid_twice_refund_failed`, decision 146;
 *   `late_payment_refund_failed` or `cancel_refund_failed`), as its first call would.
 * The Razorpay SDK cannot send the refund's idempotency header (docs/providers/razorpay.md §1), so the row id in the
 * notes, looked up before sending again, is what keeps a refund from being made twice.
 *
 * Then a row left `pending`: the provider accepted the refund and is still making it (Razorpay's refunds are pending
 * until processed or failed), and its refund.processed / refund.failed webhook never came (lost, or the webhook
 * misconfigured). Once it is older than an hour (DEFAULT_PENDING_REFUND_AFTER_SECONDS) the refund is fetched by its
 * provider id (Razorpay `GET /v1/payments/:id/refunds/:refund_id`): processed or failed, it is settled through the
 * webhook's path as above, with the same once-only effects (the order's refunded total, its credit note and message,
 * the items back in stock); still pending, the time it was asked is kept (`checked_at`) and it is asked again after
 * as long as it had been waiting then, between an hour and twelve: a refund the bank takes days over costs a few calls
 * a day, not one a pass. Never sent again: the provider has it.
 */

/** At most this many rows a pass (each is one or two provider calls); requested ones first, then the longest unasked. */
const BATCH = 50;
/** The longest a refund still pending waits between two questions. */
const PENDING_RECHECK_MAX_MS = 12 * 3_600_000;

export interface RefundsReconciled {
  /** Rows asked about at the provider. */
  checked: number;
  /** Rows the provider had made or failed, settled here. */
  settled: number;
  /** Rows the provider had and is still making: now `pending`. */
  pending: number;
  /** Rows left `pending` past their age that the provider is still making: asked again later. */
  stillPending: number;
  /** Rows the provider never had, sent again. */
  resent: number;
  /** Rows the provider could not be asked about; the next pass asks again. */
  failed: number;
  /** A settled refund put a sold-out item back on sale: the caller tells the catalogue's caches, as the webhook route does. */
  stockCameBack: boolean;
}

/**
 * Rows `requested` since before `afterMs` ago, and rows `pending` since before `pendingAfterMs` ago not asked about
 * for as long as they had waited when last asked (at least `pendingAfterMs`, at most PENDING_RECHECK_MAX_MS), with the
 * payment they refund: the row's own (a second payment's) or the order's.
 */
async function stuckRefunds(db: Database, now: Date, afterMs: number, pendingAfterMs: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ms = (value: number) => sql`(${value}::int * interval '1 millisecond')`;
  // How long a pending row waits after a question: as long as it had waited then, within the bounds.
  const wait = sql`least(${ms(PENDING_RECHECK_MAX_MS)}, greatest(${ms(pendingAfterMs)}, ${orderRefunds.checkedAt} - ${orderRefunds.createdAt}))`;
  const paymentId = sql<string | null>`coalesce(${orderRefunds.providerPaymentId}, ${orders.providerPaymentId})`;
  const rows = await db
    .select({ refund: orderRefunds, paymentId })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      sql`${paymentId} is not null and (
        (${orderRefunds.status} = 'requested' and ${orderRefunds.createdAt} <= ${at} - ${ms(afterMs)})
        or (${orderRefunds.status} = 'pending' and ${orderRefunds.providerRefundId} is not null
            and ${orderRefunds.createdAt} <= ${at} - ${ms(pendingAfterMs)}
            and (${orderRefunds.checkedAt} is null or ${orderRefunds.checkedAt} <= ${at} - ${wait})))`,
    )
    .orderBy(sql`${orderRefunds.status} = 'requested' desc`, sql`coalesce(${orderRefunds.checkedAt}, ${orderRefunds.createdAt})`)
    .limit(BATCH);
  return rows as Array<{ refund: RefundRow; paymentId: string }>;
}

/** Settles a row from what the provider reports of its refund, as its webhook would have. */
async function settleFromProvider(
  db: Database,
  provider: PaymentProvider,
  paymentId: string,
  refund: ProviderRefund & { status: 'processed' | 'failed' },
): Promise<boolean> {
  const payment = await provider.fetchPayment(paymentId);
  const type: PaymentEvent['type'] = refund.status === 'processed' ? 'refund.processed' : 'refund.failed';
  const decided = await recordAndApply(db, provider, {
    // One id per refund and outcome: a later pass, or the webhook's own event, finds the row settled.
    eventId: `reconcile_${refund.id}_${refund.status}`,
    event: { type, name: `reconcile.${type}`, payment, refund },
    payload: { source: 'reconciliation', refund, payment },
  });
  return decided.stockCameBack === true;
}

/** One pass over the refunds left `requested` or `pending` (see the file's comment). */
export async function reconcileRefunds(
  db: Database,
  provider: PaymentProvider,
  options: { now: Date; afterMs: number; pendingAfterMs?: number },
): Promise<RefundsReconciled> {
  const report: RefundsReconciled = { checked: 0, settled: 0, pending: 0, stillPending: 0, resent: 0, failed: 0, stockCameBack: false };
  const pendingAfterMs = options.pendingAfterMs ?? DEFAULT_PENDING_REFUND_AFTER_SECONDS * 1000;
  const stuck = await stuckRefunds(db, options.now, options.afterMs, pendingAfterMs);
  for (const [index, { refund: row, paymentId }] of stuck.entries()) {
    let made: ProviderRefund | undefined;
    try {
      made =
        row.status === 'pending' && row.providerRefundId
          ? await provider.fetchRefund(paymentId, row.providerRefundId)
          : (await provider.fetchRefunds(paymentId)).find((refund) => refund.notes?.refund_id === row.id);
      if (made?.status === 'processed' || made?.status === 'failed') {
        report.stockCameBack = (await settleFromProvider(db, provider, paymentId, { ...made, status: made.status })) || report.stockCameBack;
      }
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      if (providerFailure(error) !== 'unanswered') {
        report.failed += 1;
        // A pending row the provider would not answer for waits its turn again rather than coming first every pass.
        if (row.status === 'pending') await markChecked(db, row.id, options.now);
        continue;
      }
      report.failed += stuck.length - index;
      break;
    }
    report.checked += 1;
    if (row.status === 'pending') {
      if (made?.status === 'pending') {
        await markChecked(db, row.id, options.now);
        report.stillPending += 1;
      } else {
        report.settled += 1;
      }
    } else if (made?.status === 'pending') {
      await markSent(db, row, made.id);
      report.pending += 1;
    } else if (made) {
      report.settled += 1;
    } else {
      try {
        await sendRefund(db, provider, row, paymentId);
      } catch (error) {
        // Refused this time (the row is failed now, its money free): staff see it on the payment's page.
        if (!(error instanceof Refusal)) throw error;
        await flagRefusedResend(db, row);
      }
      report.resent += 1;
    }
  }
  return report;
}

/**
 * A refund no one asked for by hand, refused when sent again, flags its order as its first call's refusal would have:
 * a second payment's (decision 146) and a cancellation's. Staff's own refunds show as failed on the payment's page.
 */
async function flagRefusedResend(db: Database, row: RefundRow): Promise<void> {
  if (row.kind === 'duplicate_payment') await secondPaymentRefundFailed(db, row.orderId);
  else if (row.kind === 'cancellation') await cancellationResendRefused(db, row.orderId);
}

/** The provider was asked about a pending row at `now`: it waits its back-off before the next question. */
async function markChecked(db: Database, rowId: string, now: Date): Promise<void> {
  await db.update(orderRefunds).set({ checkedAt: now }).where(eq(orderRefunds.id, rowId));
}
