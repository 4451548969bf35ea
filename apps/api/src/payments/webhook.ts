import { type Database, type OrderStatusValue, orders, paymentEvents } from '@shop/db';
import { CAPTURED_STATUSES, type PaymentMethod, type PaymentStatus, paymentStatusesBefore, SHOP_CURRENCY } from '@shop/domain/payment';
import { type SQL, sql } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';
import type { Tx } from '../orders/coupons.ts';
import { rowsOf } from '../lib/rows.ts';
import { executeNamed } from '../orders/named-statement.ts';
import {
  type ApplyEffects,
  type ApplyOutcome,
  type LockedOrder,
  markFailed,
  markPaid,
  markRefunded,
  noEffects,
  paidColumns,
  UNPAID_STATUSES,
} from './apply-payment.ts';
import { enqueueOrderEvent } from '../messages/order-events.ts';
import { settleLatePayment } from './late-payment.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';
import { settleRefund } from './refund-ledger.ts';
import { refundSecondPayment, type SecondPayment, secondPaymentRefundFailed } from './second-payment.ts';

export type WebhookOutcome = ApplyOutcome | 'duplicate' | 'unknown_order';
export interface WebhookResult {
  outcome: WebhookOutcome;
  event: string;
  orderId: string | null;
  /** A refund put items back in stock and something sold out is available again (the catalogue's cached answers are stale). */
  stockCameBack?: boolean;
  /** Messages for the customer were written: the outbox worker has something to send (an applied capture of a paid order has none). */
  messagesWritten?: boolean;
  /** The order's GST invoice became due (decision 109): the invoice issuer has something to issue. */
  invoiceDue?: boolean;
}

/** The events that say the money is captured: only a captured payment can be refunded (docs/providers/razorpay.md §2). */
const CAPTURE_EVENTS = new Set<PaymentEvent['type']>(['payment.captured', 'order.paid']);

/** Event ids as Razorpay sends them: short, printable; anything else is not a delivery of theirs. */
const EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One webhook delivery (decision 060): the signature over the raw bytes is checked first (a forged or altered body
 * changes nothing: 400 `webhook_signature_invalid`), then the event is recorded by its id and applied in ONE
 * transaction. A redelivery finds its id taken (insert … on conflict do nothing) and changes nothing; two deliveries
 * at once wait on the unique index, so only one applies. Recording and applying commit together, so a crash between
 * them leaves neither, and Razorpay's retry applies it then.
 */
export async function receiveWebhook(
  db: Database,
  provider: PaymentProvider,
  delivery: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined },
): Promise<WebhookResult> {
  if (!provider.verifyWebhook(delivery.rawBody, delivery.signature)) throw new Refusal('webhook_signature_invalid');
  const event = provider.parseWebhook(delivery.rawBody);
  if (!event || !delivery.eventId || !EVENT_ID.test(delivery.eventId)) throw new Refusal('webhook_invalid');
  // Stored as received: the body parsed once (parseWebhook) and its text kept, not parsed again to be serialised again.
  return recordAndApply(db, provider, { eventId: delivery.eventId, event, payload: delivery.rawBody.toString('utf8') });
}

/**
 * Records a report about a payment under its event id and applies it, then settles money that came for an order
 * cancelled meanwhile. The webhook's path, and the reconciliation's (reconcile.ts: an event id of its own per payment
 * and state, so a pass repeated finds it taken, and a webhook arriving after it finds the order already moved):
 * whichever comes first applies, the others change nothing.
 *
 * Two ways through (decision 082), the same outcome either way:
 * - a capture report about an order already paid (Razorpay's payment.captured and order.paid follow the
 *   payment.authorized that paid it) is decided in ONE statement, no transaction: at most an authorised → captured
 *   move, which writes no message and no invoice (decideInOneStatement);
 * - everything else in ONE transaction: the order locked and the event recorded (a redelivery finds its id taken and
 *   changes nothing; two deliveries at once wait on the lock and then on the unique index, so only one applies), the
 *   report applied, its outcome noted, and the invoice of an order paid just now marked due (decision 109: the
 *   batch issuer writes it after the commit). Recording and applying
 *   commit together, so a crash between them leaves neither, and Razorpay's retry applies it then.
 */
export async function recordAndApply(
  db: Database,
  provider: PaymentProvider,
  /** `payload`: the JSON text to keep (a webhook's body), or a value to store as JSON. */
  report: { eventId: string; event: PaymentEvent; payload: unknown },
): Promise<WebhookResult> {
  const { event } = report;
  const payloadJson = typeof report.payload === 'string' ? report.payload : JSON.stringify(report.payload);
  const decided = CAPTURE_EVENTS.has(event.type) ? await decideInOneStatement(db, provider, report.eventId, event, payloadJson) : null;
  const result = decided ?? (await recordAndApplyInTransaction(db, provider, report.eventId, event, payloadJson));
  const { late, secondPayment, ...answer } = result;
  // A second payment for an order already paid, recorded by this report alone: given back now (decision 146).
  if (secondPayment) await refundSecondPayment(db, provider, secondPayment);
  // Money for an order that expired meanwhile: placed again or refunded, after this event's own commit.
  if (answer.outcome === 'applied' && late && answer.orderId && CAPTURE_EVENTS.has(event.type)) {
    // Placed again, it writes the "payment received" message and its invoice is due (the issuer is woken).
    if ((await settleLatePayment(db, provider, answer.orderId)) === 'reserved') {
      answer.messagesWritten = true;
      answer.invoiceDue = true;
    }
  }
  return answer;
}

type Decided = WebhookResult & { late: boolean; secondPayment: SecondPayment | null };

/**
 * A capture report in one statement, when the order is already paid by the reported payment and the report's amount
 * is the order's: the authorised → captured move if there is one (the same conditional UPDATE as markPaid's,
 * re-checked on the row's latest version if another report moved it meanwhile), and the event recorded with its
 * outcome; an event id already recorded changes nothing (the not-exists guard for a redelivery, the unique index for
 * two at once). A report about a provider order we never made is recorded as unknown_order. Anything else (an unpaid
 * order, a mismatch, another payment than the one that paid it: perhaps a second payment, decision 146) answers null
 * and goes through the transaction; so does a currency that is not the shop's.
 * The statement's snapshot decides only what cannot go stale: an order CAPTURED by the reported payment keeps that
 * payment for good. One only authorised by it may meanwhile be captured by another payment (markPaid: the captured
 * money takes the authorisation's place, under the order's lock); then the move finds the row changed, and the report,
 * a second payment's capture now, is not decided here (no record, null) but in the transaction, on the locked row.
 */
async function decideInOneStatement(
  db: Database,
  provider: PaymentProvider,
  eventId: string,
  event: PaymentEvent,
  payloadJson: string,
): Promise<Decided | null> {
  const payment = event.payment;
  if (!payment || payment.currency !== SHOP_CURRENCY) return null;
  const to = 'captured';
  const from = paymentStatusesBefore(to).filter((status) => !UNPAID_STATUSES.includes(status));
  const [row] = rowsOf<{ order_id: string | null; decided: boolean; recorded: string | null; moved: boolean; late: boolean | null }>(
    await executeNamed(
      db,
      'webhook-decide',
      sql`
      with found as (
        select id, grand_total, payment_status, provider_payment_id from ${orders}
         where payment_provider = ${provider.name} and provider_order_id = ${payment.orderId}
      ), paid as (
        select id, payment_status from found
         where payment_status not in (${inList(UNPAID_STATUSES)}) and grand_total = ${payment.amount}::int
           and provider_payment_id = ${payment.id}
      ), moved as (
        update ${orders} set ${paidColumns(payment, to)}
         where id = (select id from paid)
           and payment_status in (${inList(from)}) and provider_payment_id = ${payment.id}
           and not exists (select 1 from ${paymentEvents} where provider = ${provider.name} and event_id = ${eventId})
        returning payment_flag is not distinct from 'paid_after_cancellation' as late
      ), settled as (
        -- Decided here: moved now, captured by this payment already (for good), or no order of ours.
        select exists (select 1 from moved)
            or exists (select 1 from paid where payment_status in (${inList(CAPTURED_STATUSES)}))
            or not exists (select 1 from found) as decided
      ), recorded as (
        insert into ${paymentEvents} (provider, event_id, event_type, order_id, payload, outcome)
        select ${provider.name}, ${eventId}, ${event.name}, (select id from paid), ${payloadJson}::jsonb,
               case when not exists (select 1 from found) then 'unknown_order' when exists (select 1 from moved) then 'applied' else 'ignored' end
         where (select decided from settled)
        on conflict do nothing
        returning id
      )
      select (select id from found) as order_id, (select decided from settled) as decided,
             (select id from recorded) as recorded, exists (select 1 from moved) as moved, (select late from moved) as late`,
    ),
  );
  if (!row?.decided) return null;
  const outcome: WebhookOutcome = !row.recorded ? 'duplicate' : !row.order_id ? 'unknown_order' : row.moved ? 'applied' : 'ignored';
  return { outcome, event: event.name, orderId: row.order_id, late: outcome === 'applied' && row.late === true, secondPayment: null };
}

async function recordAndApplyInTransaction(
  db: Database,
  provider: PaymentProvider,
  eventId: string,
  event: PaymentEvent,
  payloadJson: string,
): Promise<Decided> {
  const providerOrderId = event.payment?.orderId ?? null;
  const effects = noEffects();
  const result = await db.transaction(async (tx): Promise<Decided> => {
    // The order the event is about, locked (as lockForPayment), and the event's record, in one statement, named
    // (planned once per connection, as the order path's are). `recorded` is null when the event id was already
    // taken: a redelivery. The lock comes first, so the key-share lock the record's foreign key takes is our own. The
    // outcome a payment report will have is known from the locked row already, so it is recorded with the event.
    const [found] = rowsOf<{
      recorded: string | null;
      noted: WebhookOutcome | null;
      id: string | null;
      grand_total: number | null;
      payment_status: PaymentStatus | null;
      status: OrderStatusValue | null;
      payment_method: PaymentMethod | null;
      provider_order_amount: number | string | null;
      provider_payment_id: string | null;
    }>(
      await executeNamed(
        tx,
        'webhook-record',
        sql`
        with found as (
          select id, grand_total, payment_status, status, payment_method, provider_order_amount, provider_payment_id from ${orders}
           where ${orders.paymentProvider} = ${provider.name} and ${orders.providerOrderId} = ${providerOrderId}
           for no key update
        ), recorded as (
          insert into ${paymentEvents} (provider, event_id, event_type, order_id, payload, outcome)
          select ${provider.name}, ${eventId}, ${event.name}, f.id, ${payloadJson}::jsonb, ${expectedOutcome(event)}
            from (select 1) as one left join found f on true
          on conflict do nothing
          returning id, outcome
        )
        select r.id as recorded, r.outcome as noted, f.id, f.grand_total, f.payment_status, f.status, f.payment_method,
               f.provider_order_amount, f.provider_payment_id
          from (select 1) as one left join found f on true left join recorded r on true`,
      ),
    );
    const order: LockedOrder | null = found?.id
      ? {
          id: found.id,
          grandTotal: Number(found.grand_total),
          paymentStatus: found.payment_status!,
          status: found.status!,
          paymentMethod: found.payment_method!,
          providerOrderAmount: found.provider_order_amount === null ? null : Number(found.provider_order_amount),
          providerPaymentId: found.provider_payment_id,
        }
      : null;
    if (!found?.recorded) return { outcome: 'duplicate', event: event.name, orderId: order?.id ?? null, late: false, secondPayment: null };
    // An event the shop does not act on is kept, not applied; one about a provider order we never made is noted as such.
    const outcome: WebhookOutcome = event.type === 'other' ? 'ignored' : order ? await apply(tx, order, event, effects) : 'unknown_order';
    // A refund's outcome is known only now (and a payment report's is the one recorded, unless the rules disagree).
    if (found.noted !== outcome)
      await executeNamed(tx, 'webhook-outcome', sql`update ${paymentEvents} set outcome = ${outcome} where id = ${found.recorded}::uuid`);
    return {
      outcome,
      event: event.name,
      orderId: order?.id ?? null,
      late: effects.late,
      secondPayment: effects.secondPayment,
      ...(effects.stockCameBack ? { stockCameBack: true } : {}),
      ...(effects.messages ? { messagesWritten: true } : {}),
      ...(effects.invoiceDue ? { invoiceDue: true } : {}),
    };
  });
  return result;
}

const inList = (statuses: readonly string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * The outcome `apply` will have, as SQL over the locked order `f` (null: none yet, for a refund, whose outcome the
 * refund records decide): the same rules, from the same functions (mismatchOf, paymentStatusesBefore).
 */
function expectedOutcome(event: PaymentEvent): SQL {
  if (event.type === 'other') return sql`'ignored'`;
  const payment = event.payment;
  const to =
    event.type === 'payment.authorized' ? 'authorized' : CAPTURE_EVENTS.has(event.type) ? 'captured' : event.type === 'payment.failed' ? 'failed' : null;
  if (!to) return sql`case when f.id is null then 'unknown_order' end`;
  if (!payment) return sql`case when f.id is null then 'unknown_order' else 'ignored' end`;
  const mismatch = to === 'failed' ? sql`false` : payment.currency !== SHOP_CURRENCY ? sql`true` : sql`f.grand_total <> ${payment.amount}::int`;
  return sql`case when f.id is null then 'unknown_order' when ${mismatch} then 'flagged'
                  when f.payment_status in (${inList(paymentStatusesBefore(to))}) then 'applied' else 'ignored' end`;
}

async function apply(tx: Tx, order: LockedOrder, event: PaymentEvent, effects: ApplyEffects): Promise<ApplyOutcome> {
  const payment = event.payment;
  if (!payment) return 'ignored';
  switch (event.type) {
    case 'payment.authorized':
      return markPaid(tx, order, payment, 'authorized', effects);
    case 'payment.captured':
    case 'order.paid':
      return markPaid(tx, order, payment, 'captured', effects);
    case 'payment.failed': {
      const failed = await markFailed(tx, order);
      effects.messages = failed === 'applied';
      return failed;
    }
    case 'refund.processed': {
      // The order's refunded total and status (only a refund of the order's own payment: a second payment's, or the
      // provider's automatic refund of one never captured, is not the order's money), then the shop's refund record
      // (and its items back in stock, once).
      const ofOrder = payment.id === order.providerPaymentId;
      const moved = ofOrder ? await markRefunded(tx, order, payment.amountRefunded) : 'ignored';
      effects.messages = moved === 'applied';
      const refund = event.refund ? await settleRefund(tx, order.id, event.refund, 'processed') : null;
      effects.stockCameBack ||= refund?.cameBack ?? false;
      if (!ofOrder && refund?.settled && event.refund) {
        // A second payment given back (decision 146): the shopper hears of it once, with its amount.
        await enqueueOrderEvent(tx, 'order-refunded', order.id, { stage: `payment_${payment.id}`, amount: event.refund.amount });
        effects.messages = true;
      }
      return refund?.settled ? 'applied' : moved;
    }
    // A failed refund changes nothing the order shows: the shop's refund record is marked failed (its money is no
    // longer held). A second payment's that failed leaves money the shop must still give back: staff are told.
    case 'refund.failed': {
      const failed = event.refund ? (await settleRefund(tx, order.id, event.refund, 'failed')).settled : false;
      if (failed && payment.id !== order.providerPaymentId) await secondPaymentRefundFailed(tx, order.id);
      return failed ? 'applied' : 'ignored';
    }
    // Other events are recorded only.
    default:
      return 'ignored';
  }
}
