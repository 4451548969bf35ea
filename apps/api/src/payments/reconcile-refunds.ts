import { type Database, orderRefunds, orders } from '@shop/db';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider, type ProviderRefund } from './provider.ts';
import { markSent, type RefundRow, sendRefund } from './refund-order.ts';
import { recordAndApply } from './webhook.ts';

/**
 * Refunds the shop never heard the outcome of (decision 063): a ledger row still `requested` some minutes after it
 * was written. Either the provider did not answer our call (a timeout, a network error, a 5xx: sendRefund leaves the
 * row requested, its money held, because the provider may have made the refund), or the process stopped between the
 * row's commit and the call. Part of the payments reconciliation pass (reconcile.ts), under its runner lock.
 *
 * Each is asked about at the provider: the payment's refunds (Razorpay `GET /v1/payments/:id/refunds`), among which
 * ours carries its row id in `notes.refund_id`.
 * - Found processed or failed: settled through the webhook's own path (webhook.ts recordAndApply) under an event id
 *   of its own, with the payment as the provider reports it now. So the row is settled (and its items restocked) once,
 *   whether the webhook comes before, after, or never.
 * - Found pending: its provider id stored and the row `pending`, for its webhook to settle, as after an answered call.
 * - Not found: the provider never had it. It is sent again, the same row with the same id in its notes, so the next
 *   pass finds it if this call's answer is lost too; a refusal (a 4xx) marks it failed, as for any refund.
 * The Razorpay SDK cannot send the refund's idempotency header (docs/providers/razorpay.md §1), so the row id in the
 * notes, looked up before sending again, is what keeps a refund from being made twice.
 */

/** At most this many rows a pass (each is one or two provider calls); the oldest first. */
const BATCH = 50;

export interface RefundsReconciled {
  /** Rows asked about at the provider. */
  checked: number;
  /** Rows the provider had made or failed, settled here. */
  settled: number;
  /** Rows the provider had and is still making: now `pending`. */
  pending: number;
  /** Rows the provider never had, sent again. */
  resent: number;
  /** Rows the provider could not be asked about; the next pass asks again. */
  failed: number;
  /** A settled refund put a sold-out item back on sale: the caller tells the catalogue's caches, as the webhook route does. */
  stockCameBack: boolean;
}

/** Rows `requested` since before `afterMs` ago, with the payment they refund. */
async function stuckRefunds(db: Database, now: Date, afterMs: number) {
  const rows = await db
    .select({ refund: orderRefunds, paymentId: orders.providerPaymentId })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(eq(orderRefunds.status, 'requested'), lte(orderRefunds.createdAt, new Date(now.getTime() - afterMs)), isNotNull(orders.providerPaymentId)))
    .orderBy(asc(orderRefunds.createdAt))
    .limit(BATCH);
  return rows as Array<{ refund: RefundRow; paymentId: string }>;
}

/** The provider answered nothing, or answered that it is failing: asking about the next refund would fail too. */
const isOutage = (error: unknown) => error instanceof PaymentProviderError && (error.status === undefined || error.status >= 500);

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

/** One pass over the refunds left `requested` (see the file's comment). */
export async function reconcileRefunds(db: Database, provider: PaymentProvider, options: { now: Date; afterMs: number }): Promise<RefundsReconciled> {
  const report: RefundsReconciled = { checked: 0, settled: 0, pending: 0, resent: 0, failed: 0, stockCameBack: false };
  const stuck = await stuckRefunds(db, options.now, options.afterMs);
  for (const [index, { refund: row, paymentId }] of stuck.entries()) {
    let made: ProviderRefund | undefined;
    try {
      made = (await provider.fetchRefunds(paymentId)).find((refund) => refund.notes?.refund_id === row.id);
      if (made?.status === 'processed' || made?.status === 'failed') {
        report.stockCameBack = (await settleFromProvider(db, provider, paymentId, { ...made, status: made.status })) || report.stockCameBack;
      }
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      if (!isOutage(error)) {
        report.failed += 1;
        continue;
      }
      report.failed += stuck.length - index;
      break;
    }
    report.checked += 1;
    if (made?.status === 'pending') {
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
      }
      report.resent += 1;
    }
  }
  return report;
}
