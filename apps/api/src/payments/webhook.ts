import { type Database, orders, paymentEvents } from '@shop/db';
import { sql } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';
import type { Tx } from '../orders/coupons.ts';
import { rowsOf } from '../lib/rows.ts';
import { executeNamed } from '../orders/named-statement.ts';
import { type ApplyOutcome, markFailed, markPaid, markRefunded } from './apply-payment.ts';
import { settleLatePayment } from './late-payment.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';
import { settleRefund } from './refund-ledger.ts';

export type WebhookOutcome = ApplyOutcome | 'duplicate' | 'unknown_order';
export interface WebhookResult {
  outcome: WebhookOutcome;
  event: string;
  orderId: string | null;
  /** A refund put items back in stock and something sold out is available again (the catalogue's cached answers are stale). */
  stockCameBack?: boolean;
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
 * Records a report about a payment under its event id and applies it, in ONE transaction, then settles money that came
 * for an order cancelled meanwhile. The webhook's path, and the reconciliation's (reconcile.ts: an event id of its own
 * per payment and state, so a pass repeated finds it taken, and a webhook arriving after it finds the order already
 * moved): whichever comes first applies, the others change nothing.
 */
export async function recordAndApply(
  db: Database,
  provider: PaymentProvider,
  /** `payload`: the JSON text to keep (a webhook's body), or a value to store as JSON. */
  report: { eventId: string; event: PaymentEvent; payload: unknown },
): Promise<WebhookResult> {
  const { eventId, event } = report;
  const payloadJson = typeof report.payload === 'string' ? report.payload : JSON.stringify(report.payload);
  const providerOrderId = event.payment?.orderId ?? null;
  const effects = { stockCameBack: false };
  const result = await db.transaction(async (tx): Promise<WebhookResult & { late: boolean }> => {
    // The order the event is about and the event's record, in one statement, named (planned once per connection, as
    // the order path's are): a webhook is a few statements in all, and issue 20 asks for 500 a second. `recorded` is
    // null when the event id was already taken: a redelivery.
    const [found] = rowsOf<{ recorded: string | null; id: string | null; grand_total: number | null }>(
      await executeNamed(
        tx,
        'webhook-record',
        sql`
        with found as (
          select id, grand_total from ${orders}
           where ${orders.paymentProvider} = ${provider.name} and ${orders.providerOrderId} = ${providerOrderId}
        ), recorded as (
          insert into ${paymentEvents} (provider, event_id, event_type, order_id, payload)
          values (${provider.name}, ${eventId}, ${event.name}, (select id from found), ${payloadJson}::jsonb)
          on conflict do nothing
          returning id
        )
        select (select id from recorded) as recorded, (select id from found) as id, (select grand_total from found) as grand_total`,
      ),
    );
    const order = found?.id ? { id: found.id, grandTotal: Number(found.grand_total) } : null;
    if (!found?.recorded) return { outcome: 'duplicate', event: event.name, orderId: order?.id ?? null, late: false };
    // An event the shop does not act on is kept, not applied; one about a provider order we never made is noted as such.
    const outcome: WebhookOutcome = event.type === 'other' ? 'ignored' : order ? await apply(tx, order, event, effects) : 'unknown_order';
    // The outcome noted, and in the same statement whether the money came for an order cancelled meanwhile (markPaid's flag).
    const [noted] = rowsOf<{ late: boolean | null }>(
      await executeNamed(
        tx,
        'webhook-outcome',
        sql`
        update ${paymentEvents} set outcome = ${outcome} where ${paymentEvents.id} = ${found.recorded}
        returning (select ${orders.paymentFlag} = 'paid_after_cancellation' from ${orders} where ${orders.id} = ${order?.id ?? null}::uuid) as late`,
      ),
    );
    return {
      outcome,
      event: event.name,
      orderId: order?.id ?? null,
      late: noted?.late === true,
      ...(effects.stockCameBack ? { stockCameBack: true } : {}),
    };
  });
  const { late, ...answer } = result;
  // Money for an order that expired meanwhile: placed again or refunded, after this event's own commit.
  if (answer.outcome === 'applied' && late && answer.orderId && CAPTURE_EVENTS.has(event.type)) await settleLatePayment(db, provider, answer.orderId);
  return answer;
}

async function apply(tx: Tx, order: { id: string; grandTotal: number }, event: PaymentEvent, effects: { stockCameBack: boolean }): Promise<ApplyOutcome> {
  const payment = event.payment;
  if (!payment) return 'ignored';
  switch (event.type) {
    case 'payment.authorized':
      return markPaid(tx, order, payment, 'authorized');
    case 'payment.captured':
    case 'order.paid':
      return markPaid(tx, order, payment, 'captured');
    case 'payment.failed':
      return markFailed(tx, order);
    case 'refund.processed': {
      // The order's refunded total and status, then the shop's refund record (and its items back in stock, once).
      const moved = await markRefunded(tx, order, payment.amountRefunded);
      const refund = event.refund ? await settleRefund(tx, order.id, event.refund, 'processed') : null;
      effects.stockCameBack ||= refund?.cameBack ?? false;
      return refund?.settled ? 'applied' : moved;
    }
    // A failed refund changes nothing the order shows: the shop's refund record is marked failed (its money is no longer held).
    case 'refund.failed':
      return event.refund && (await settleRefund(tx, order.id, event.refund, 'failed')).settled ? 'applied' : 'ignored';
    // Other events are recorded only.
    default:
      return 'ignored';
  }
}
