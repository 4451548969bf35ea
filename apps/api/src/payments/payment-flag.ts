import { type Database, orders, paymentFlagResolutions } from '@shop/db';
import type { PaymentFlag } from '@shop/domain/payment';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';

/**
 * An order's payment flag (orders.payment_flag): what staff must look at, listed in the back office's payments until
 * they mark it resolved (admin/payments/resolve-flag.ts). An order keeps the first flag it got, so a later report
 * never hides the one before it from staff.
 *
 * A resolution stands only until the flag changes (decision 150): a flag raised after staff resolved the last one takes
 * its place, and a flag moving on (`paid_twice` → `paid_twice_refund_failed`) stays where it is; either way the
 * resolution is superseded (payment_flag_resolutions.superseded_at, kept as the order's history) and the order is
 * listed again. The one exception is a report's echo: a payment is reported several times (its webhooks, the browser,
 * the reconciliation), and the flag its report raises (REPORT_FLAGS) raised again by the same flag is not news.
 *
 * One flag is the shop's own work under way rather than staff's: `paid_after_cancellation`, a late payment about to be
 * settled (late-payment.ts), which placing the order again clears. A flag raised meanwhile (a second payment's
 * `paid_twice`, its refund's failure, a mismatched report) is not dropped behind it but waits in
 * orders.next_payment_flag, and takes the cleared flag's place (decision 148). Settled by a refund instead, the order
 * keeps a flag of its own (`late_payment_refunded`), first as ever. Resolved or not, the settling flag is never
 * replaced: the settling keys on it.
 *
 * Every change reads the flag and its standing resolution under the order's row lock (the lock a payment report takes,
 * and resolve-flag.ts's FOR UPDATE waits for), so a change and a resolution at once are ordered: the resolution is of
 * the flag as changed, or the change supersedes the resolution.
 */

type Writer = Database | Tx;

/** The flag a late payment holds while the shop settles it; only placing the order again clears it (nextFlagOnceSettled). */
export const SETTLING_FLAG: PaymentFlag = 'paid_after_cancellation';

/**
 * Flags every report of a payment raises again (markPaid: another amount or currency, a payment after the switch to
 * cash on delivery, too late to take): the same flag raised on a resolved one is that payment's report come again (a
 * redelivered webhook, the reconciliation's report of it), which staff have dealt with. Every other flag is raised once
 * for what it is about (a second payment's ledger row, a refund's failure), so raised again it is news.
 */
const REPORT_FLAGS: ReadonlySet<PaymentFlag> = new Set<PaymentFlag>(['amount_mismatch', 'currency_mismatch', 'paid_after_cod_switch']);

/** An order's flags as a change finds them: shown to staff, waiting behind the settling flag, and whether staff resolved the shown one. */
export interface FlagState {
  shown: PaymentFlag | null;
  waiting: PaymentFlag | null;
  resolved: boolean;
}

/** What a change leaves: the flags, and whether the standing resolution is superseded (the order listed again). */
export interface FlagChange {
  shown: PaymentFlag | null;
  waiting: PaymentFlag | null;
  supersedes: boolean;
}

/** A new flag: shown if nothing unresolved is (or it waits behind the settling flag); else the first flag stays. */
export function raised(state: FlagState, reason: PaymentFlag): FlagChange | null {
  if (state.shown === SETTLING_FLAG) {
    if (reason === SETTLING_FLAG) return null;
    // The first flag behind it waits; the settling flag, resolved, is staff's to look at again with news behind it.
    if (state.waiting !== null) return null;
    return { shown: SETTLING_FLAG, waiting: reason, supersedes: true };
  }
  if (state.shown !== null && !state.resolved) return null;
  if (state.shown === reason && REPORT_FLAGS.has(reason)) return null;
  return { shown: reason, waiting: state.waiting, supersedes: true };
}

/** The flag moves on from `from`, shown or waiting behind the settling flag; any other flag is left as it is. */
export function moved(state: FlagState, from: PaymentFlag, to: PaymentFlag): FlagChange | null {
  if (state.shown !== from && state.waiting !== from) return null;
  return { shown: state.shown === from ? to : state.shown, waiting: state.waiting === from ? to : state.waiting, supersedes: true };
}

/**
 * Applies `decide` to the order's flags under its row lock (taken here, or already held by the caller's transaction);
 * answers the flag shown afterwards (null for no such order).
 */
async function changeFlag(db: Writer, orderId: string, decide: (state: FlagState) => FlagChange | null): Promise<PaymentFlag | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ shown: orders.paymentFlag, waiting: orders.nextPaymentFlag })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('no key update');
    if (!order) return null;
    // Its own statement, after the lock: a resolution committed while the lock was awaited is seen.
    const [standing] = await tx.select({ id: paymentFlagResolutions.id }).from(paymentFlagResolutions).where(standingOn(orderId));
    const state: FlagState = { shown: order.shown as PaymentFlag | null, waiting: order.waiting as PaymentFlag | null, resolved: standing !== undefined };
    const change = decide(state);
    if (!change) return state.shown;
    await tx.update(orders).set({ paymentFlag: change.shown, nextPaymentFlag: change.waiting }).where(eq(orders.id, orderId));
    if (standing && change.supersedes) await supersede(tx, orderId);
    return change.shown;
  });
}

const standingOn = (orderId: string) => and(eq(paymentFlagResolutions.orderId, orderId), isNull(paymentFlagResolutions.supersededAt));

async function supersede(tx: Writer, orderId: string): Promise<void> {
  await tx
    .update(paymentFlagResolutions)
    .set({ supersededAt: sql`now()` })
    .where(standingOn(orderId));
}

/** Raises a flag (see `raised`); answers the flag shown afterwards. */
export async function flagPayment(db: Writer, orderId: string, reason: PaymentFlag): Promise<PaymentFlag | null> {
  return changeFlag(db, orderId, (state) => raised(state, reason));
}

/**
 * The flag moves on from `from` (an automatic refund failed, say), shown or waiting behind the settling flag; any
 * other flag the order has is left as it is.
 */
export async function moveFlag(db: Writer, orderId: string, from: PaymentFlag, to: PaymentFlag): Promise<void> {
  await changeFlag(db, orderId, (state) => moved(state, from, to));
}

/** The flag becomes `flag` whatever it was (a refund the shop owes was refused: staff give the money back by hand). */
export async function setFlag(db: Writer, orderId: string, flag: PaymentFlag): Promise<void> {
  await changeFlag(db, orderId, (state) => ({ shown: flag, waiting: state.waiting, supersedes: true }));
}

/**
 * The settling flag was claimed by the caller's conditional UPDATE (late-payment.ts: placed again, or refunded), in
 * `tx`, which holds the order's row lock since: a resolution of it no longer stands.
 */
export async function settlingFlagClaimed(tx: Tx, orderId: string): Promise<void> {
  await supersede(tx, orderId);
}

/**
 * The columns of an order placed again after its late payment (late-payment.ts placeAgain): the settling flag is
 * done with, and a flag that waited behind it is shown instead (none: the order is unflagged). Only
 * `paid_after_cancellation` is superseded: the order is placed and its money is its own, which is all that flag asked
 * for. Whatever waited is about other money (a second payment and its refund, a report that did not match) and
 * still needs staff.
 */
export const nextFlagOnceSettled = () => ({ paymentFlag: sql<PaymentFlag | null>`${orders.nextPaymentFlag}`, nextPaymentFlag: null });
