import { type Database, orders } from '@shop/db';
import { and, desc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { Counter } from 'prom-client';
import { processRegistry } from '../metrics/registry.ts';
import { DEFAULT_PAID_CHECK_AFTER_SECONDS, DEFAULT_RECONCILE_AFTER_SECONDS } from './reconcile-defaults.ts';
import { type PaymentEvent, type PaymentProvider, providerFailure, type ProviderPayment } from './provider.ts';
import { withRunnerLock } from './reconcile-lock.ts';
import { markPaymentsChecked, otherCaptures, paidOrdersToCheck, reportsOnSwitchedOrder, switchedOrdersToCheck } from './reconcile-paid.ts';
import { reconcileRefunds, type RefundsReconciled } from './reconcile-refunds.ts';
import { recordAndApply, type WebhookOutcome } from './webhook.ts';

/**
 * The reconciliation (issue 20, decision 067): a prepaid order still waiting for its money some minutes after it was
 * placed is asked about at the provider (Razorpay `GET /v1/orders/:id/payments`), and what the provider says is
 * applied through the webhook's own path (webhook.ts recordAndApply): recorded under an event id of its own, applied
 * by the same forward-only updates, a late payment for a cancelled order settled the same way. So a webhook lost
 * while the API was down (Razorpay retries, but a shop may be down longer, or a webhook misconfigured) still confirms
 * the order, exactly once: a webhook arriving after the reconciliation finds the order moved and changes nothing,
 * and a reconciliation after the webhook finds nothing to do. One runner among several API instances
 * (reconcile-lock.ts). Every other payment captured on the same provider order is a second payment (decision 146)
 * and is reported the same way, so it is recorded and given back even when all its webhooks were lost. Then each paid
 * online order is asked about once, an hour after it was placed, for a second payment that came after it was paid
 * (reconcile-paid.ts, decision 148), and so is each order switched to cash on delivery, for a payment that landed after
 * the switch (decision 150). The same pass then asks about refunds whose provider call went unanswered, or
 * whose outcome never came (reconcile-refunds.ts).
 */

/**
 * How far back orders are asked about: Razorpay retries a webhook for 24 hours, and a reservation lasts at most a day
 * (PAYMENT_RESERVATION_MINUTES), so after two days nothing more is expected of a checkout.
 */
const LOOKBACK_MS = 48 * 3_600_000;
/** At most this many provider calls a pass for open orders, and as many for paid ones; the newest first (the ones a shopper is waiting for). */
const BATCH = 100;
export const RECONCILE_LOCK = 'shop:payments:reconcile';

/** The payment statuses that are still waiting for the provider's word (`authorized` waits for its capture). */
const OPEN_STATUSES = ['pending', 'failed', 'authorized'] as const;

export const paymentsReconciled = new Counter({
  name: 'shop_payments_reconciled_total',
  help: 'Prepaid orders the reconciliation settled from the provider, by the state it found (captured, authorized, failed)',
  labelNames: ['status'] as const,
  registers: [processRegistry],
});

export interface ReconciledOrder {
  orderId: string;
  providerOrderId: string;
  paymentId: string;
  status: ProviderPayment['status'];
  outcome: WebhookOutcome;
}

export interface ReconcileReport {
  /** False when another runner held the lock: this pass did nothing. */
  ran: boolean;
  /** Open orders asked about. */
  checked: number;
  /**
   * Paid orders asked about, once each, for a second captured payment (reconcile-paid.ts, decision 148), and orders
   * switched to cash on delivery, for a payment after the switch (decision 150); absent when the pass did not get to
   * them (the provider was down).
   */
  paidChecked?: number;
  /** Orders a report changed (outcome applied or flagged). */
  settled: ReconciledOrder[];
  /** Orders (and refunds) the provider could not answer for; the next pass asks again. */
  failed: number;
  /** Refunds left `requested` or `pending` that were asked about (reconcile-refunds.ts); none when the provider was down. */
  refunds?: RefundsReconciled;
}

/** Prepaid orders placed between two days and `afterMs` ago whose payment is still open, newest first. */
export async function ordersToReconcile(db: Database, now: Date, afterMs: number, limit = BATCH) {
  return db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'prepaid'),
        isNotNull(orders.providerOrderId),
        inArray(orders.paymentStatus, [...OPEN_STATUSES]),
        lte(orders.createdAt, new Date(now.getTime() - afterMs)),
        gte(orders.createdAt, new Date(now.getTime() - LOOKBACK_MS)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(limit) as Promise<Array<{ id: string; providerOrderId: string }>>;
}

/**
 * What the provider's payments of one order say, as the event a webhook would have brought: a captured payment
 * first, else an authorised one, else (every attempt failed) the failure; nothing while none was attempted.
 */
export function reportOf(payments: ProviderPayment[]): { type: PaymentEvent['type']; payment: ProviderPayment } | null {
  const captured = payments.find((payment) => payment.status === 'captured');
  if (captured) return { type: 'payment.captured', payment: captured };
  const authorised = payments.find((payment) => payment.status === 'authorized');
  if (authorised) return { type: 'payment.authorized', payment: authorised };
  const failed = payments.filter((payment) => payment.status === 'failed');
  if (failed.length > 0 && failed.length === payments.length) return { type: 'payment.failed', payment: failed[failed.length - 1]! };
  return null;
}

type Report = (type: PaymentEvent['type'], payment: ProviderPayment) => Promise<void>;

/**
 * Asks the provider for the payments of each order in turn and hands them to `settle` with a reporter of one payment
 * to the order. An order the provider will not answer for is counted failed (and handed to `refused` when it was a
 * refusal); an outage stops the asking, every order left counted failed: answers true.
 */
async function askEach<T extends { id: string; providerOrderId: string }>(
  db: Database,
  provider: PaymentProvider,
  due: T[],
  pass: { report: ReconcileReport; onSettled?: (order: ReconciledOrder) => void },
  settle: (order: T, payments: ProviderPayment[], report: Report) => Promise<void>,
  refused?: (order: T) => Promise<void>,
): Promise<boolean> {
  for (const [index, order] of due.entries()) {
    let payments: ProviderPayment[];
    try {
      payments = await provider.fetchOrderPayments(order.providerOrderId);
    } catch (error) {
      const failure = providerFailure(error);
      if (failure !== 'unanswered') {
        pass.report.failed += 1;
        if (failure === 'refused') await refused?.(order);
        continue;
      }
      pass.report.failed += due.length - index;
      return true;
    }
    await settle(order, payments, async (type, payment) => {
      const event: PaymentEvent = { type, name: `reconcile.${type}`, payment: { ...payment, orderId: order.providerOrderId }, refund: null };
      // One id per payment and state: a second pass (or another instance after this one, or the paid orders' check
      // after the open orders') finds it recorded.
      const result = await recordAndApply(db, provider, {
        eventId: `reconcile_${payment.id}_${payment.status}`,
        event,
        payload: { source: 'reconciliation', payment },
      });
      if (result.outcome !== 'applied' && result.outcome !== 'flagged') return;
      const settled: ReconciledOrder = {
        orderId: order.id,
        providerOrderId: order.providerOrderId,
        paymentId: payment.id,
        status: payment.status,
        outcome: result.outcome,
      };
      pass.report.settled.push(settled);
      paymentsReconciled.inc({ status: payment.status });
      pass.onSettled?.(settled);
    });
  }
  return false;
}

/** One reconciliation pass (under the runner lock); `onSettled` hears of each order a report changed. */
export async function reconcilePayments(
  db: Database,
  provider: PaymentProvider,
  options: { now?: Date; afterMs?: number; paidAfterMs?: number; onSettled?: (order: ReconciledOrder) => void } = {},
): Promise<ReconcileReport> {
  const locked = await withRunnerLock(db, RECONCILE_LOCK, async () => {
    const report: ReconcileReport = { ran: true, checked: 0, settled: [], failed: 0 };
    const pass = { report, ...(options.onSettled ? { onSettled: options.onSettled } : {}) };
    const now = options.now ?? new Date();
    const afterMs = options.afterMs ?? DEFAULT_RECONCILE_AFTER_SECONDS * 1000;
    // Open orders first: a shopper may be waiting for theirs.
    let outage = await askEach(db, provider, await ordersToReconcile(db, now, afterMs), pass, async (order, payments, reportPayment) => {
      report.checked += 1;
      const ours = payments.filter((payment) => payment.orderId === null || payment.orderId === order.providerOrderId);
      const found = reportOf(ours);
      if (!found) return;
      // The report that pays the order first; then any other captured payment, which is a second one (decision 146).
      await reportPayment(found.type, found.payment);
      for (const payment of ours) if (payment.status === 'captured' && payment.id !== found.payment.id) await reportPayment('payment.captured', payment);
    });
    // Then paid orders, once each: a second payment whose webhooks were all lost (reconcile-paid.ts, decision 148);
    // and orders switched to cash on delivery, once each: a payment after the switch whose webhooks were all lost,
    // reported as its webhook would have been, to take the cash's place or be flagged (decision 150).
    if (!outage) {
      const paidAfterMs = options.paidAfterMs ?? DEFAULT_PAID_CHECK_AFTER_SECONDS * 1000;
      const checked = (order: { id: string }) => markPaymentsChecked(db, order.id, now);
      // As far back as the open orders: no checkout of an older order is still open.
      const placed = { from: new Date(now.getTime() - LOOKBACK_MS), to: new Date(now.getTime() - paidAfterMs) };
      let paidChecked = 0;
      // Each order asked once: what its payments report is reported, then it is marked; a refusal marks it too.
      const askOnce = <T extends { id: string; providerOrderId: string }>(
        found: T[],
        reports: (order: T, payments: ProviderPayment[]) => { type: PaymentEvent['type']; payment: ProviderPayment }[],
      ) =>
        askEach(
          db,
          provider,
          found,
          pass,
          async (order, payments, reportPayment) => {
            paidChecked += 1;
            for (const { type, payment } of reports(order, payments)) await reportPayment(type, payment);
            await checked(order);
          },
          checked,
        );
      outage = await askOnce(await paidOrdersToCheck(db, placed, BATCH), (order, payments) =>
        otherCaptures(order, payments).map((payment) => ({ type: 'payment.captured' as const, payment })),
      );
      if (!outage) outage = await askOnce(await switchedOrdersToCheck(db, placed, BATCH), reportsOnSwitchedOrder);
      report.paidChecked = paidChecked;
    }
    // Refunds whose outcome was never heard (a provider call with no answer), after the orders, by the same runner.
    if (!outage) {
      report.refunds = await reconcileRefunds(db, provider, { now, afterMs });
      report.failed += report.refunds.failed;
    }
    return report;
  });
  return locked.ran ? locked.value : { ran: false, checked: 0, settled: [], failed: 0 };
}
