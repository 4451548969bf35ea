import { orders, orderStatusHistory, shipmentEvents, shipments } from '@shop/db';
import type { OrderStatus } from '@shop/domain/order-status';
import { trackingEventKinds, type TrackingEventKind } from '@shop/domain/shipping/statuses';
import { applyTrackingEvent, orderStepsFor, rtoOrderOutcome } from '@shop/domain/shipping/tracking';
import { and, eq, sql } from 'drizzle-orm';
import { creditInvoice } from '../invoices/credit-note.ts';
import { statusEvents } from '../messages/events.ts';
import { enqueueOrderEvent, type EventRow, renderEvent } from '../messages/order-events.ts';
import { type OutboxColumns, outboxColumns, outboxRow } from '../outbox/enqueue.ts';
import { releaseCoupon } from '../orders/coupons.ts';
import { Refusal } from '../lib/refusal.ts';
import { requestRefund } from '../payments/refund-order.ts';
import type { ShippingDeps, Tx } from './deps.ts';
import { applyInOneStatement, type LockedState, type OrderPlan } from './event-statement.ts';
import type { CarrierEvent } from './provider.ts';
import { TRACKING_URL } from './shipment-view.ts';

export type EventResult = 'applied' | 'stale' | 'ignored' | 'duplicate' | 'unknown_awb';

const isKind = (status: string): status is TrackingEventKind => (trackingEventKinds as readonly string[]).includes(status);

/** One step of the order on the carrier's word: status, history, and what the step brings (invoice, tracking, message). */
async function stepOrder(tx: Tx, orderId: string, to: OrderStatus, note: string, extra: Partial<typeof orders.$inferInsert> = {}): Promise<void> {
  // Cash on delivery is invoiced when it ships (issue 21): due from this same UPDATE, issued by the batch issuer after
  // the commit (decision 109); a prepaid order was invoiced on payment (the issuer finds that invoice and issues none).
  const due = to === 'shipped' ? { invoiceDueAt: sql`coalesce(${orders.invoiceDueAt}, now())` } : {};
  await tx
    .update(orders)
    .set({ status: to, ...extra, ...due })
    .where(eq(orders.id, orderId));
  await tx.insert(orderStatusHistory).values({ orderId, status: to, actor: 'shop', actorUserId: null, note });
  if (to === 'cancelled') await creditInvoice(tx, orderId, 'all', 'cancelled');
  const event = statusEvents[to];
  if (event) await enqueueOrderEvent(tx, event, orderId, to === 'cancelled' ? { reason: note } : {});
}

/**
 * A tracking event from the carrier (issue 22, decision 085), applied once:
 * 1. Stored by its carrier key (insert … on conflict do nothing) with its outcome: a redelivery, or the same update
 *    sent three times at once, finds the row and changes nothing (`duplicate`).
 * 2. Under the order's then the shipment's row lock (the order first, as every shipping change takes them), the
 *    domain's rules move the shipment by the carrier's time, never back (`stale` for an older event).
 * 3. The order follows the shipment: any scan after pickup ships it (tracking filled from the shipment, the invoice of
 *    a COD order due, the "shipped" message), delivery delivers it (the "delivered" message and its review request),
 *    and a parcel back at the shop cancels a COD order or returns a prepaid one, whose full refund then starts (after
 *    the commit: a provider call). Staff decide later whether the items go back on sale (rto.ts).
 *
 * Decision 124: all of it in ONE statement (event-statement.ts), no transaction, for every event but a parcel back at
 * the shop that ends its order. An event that takes the order nowhere (most of a journey, stale and duplicate ones)
 * is one statement; one that ships or delivers the order is two: the first answers the state (read without a lock)
 * and what the messages are made from, and writes nothing; the second applies the steps planned from it here, by the
 * domain's rules, with their messages rendered, if that state still holds under the locks. The parcel back at the shop (an invoice credited, a coupon
 * given back, a refund) takes the transaction below, as before.
 */
export async function applyCarrierEvent(deps: ShippingDeps, event: CarrierEvent, payload: unknown): Promise<{ outcome: EventResult; orderId: string | null }> {
  const payloadJson = typeof payload === 'string' ? payload : JSON.stringify(payload);
  let plan: OrderPlan | null = null;
  // Another event of the same parcel may move the state between the two statements: plan again from the new one a few
  // times, then leave it to the transaction (which waits on the locks instead).
  for (let attempt = 0; attempt < 4; attempt++) {
    const answer = await applyInOneStatement(deps.db, deps.carrier.name, event, payloadJson, plan);
    if (answer.done) {
      if (answer.messagesWritten > 0) deps.wakeOutbox?.();
      if (answer.shipped) deps.wakeInvoices?.();
      return { outcome: answer.outcome, orderId: answer.orderId };
    }
    plan = await planSteps(deps, event, answer.state, answer.inputs);
    if (!plan) break;
  }
  return applyInTransaction(deps, event, payload);
}

/**
 * The order's steps for this event from the locked state (the same rules as the transaction: applyTrackingEvent,
 * orderStepsFor), with the tracking the "shipped" step fills and the messages of each step rendered, as the
 * transaction would have read them after its own update (the new tracking). Null: the parcel is back at the shop and
 * ends the order, which the transaction does.
 */
async function planSteps(deps: ShippingDeps, event: CarrierEvent, state: LockedState, inputs: EventRow | null): Promise<OrderPlan | null> {
  const moved = applyTrackingEvent(
    { status: state.shipmentStatus, lastEventAt: state.lastEventMs === null ? null : new Date(state.lastEventMs) },
    { kind: event.kind, at: event.at },
  );
  const none: OrderPlan = { expected: state, steps: [], tracking: null, messages: [] };
  if (moved.outcome !== 'applied' || !isKind(moved.state.status)) return none;
  const kind = moved.state.status;
  const steps = orderStepsFor(kind, state.orderStatus);
  if (kind === 'rto_delivered' && rtoOrderOutcome(state.paymentMethod, steps.at(-1) ?? state.orderStatus)) return null;
  const tracking =
    steps.includes('shipped') && state.awb
      ? { carrier: event.courierName ?? state.courierName ?? deps.carrier.name, number: state.awb, link: TRACKING_URL(state.awb) }
      : null;
  const messages: OutboxColumns[] = [];
  for (const step of steps) {
    const messageEvent = statusEvents[step];
    if (!messageEvent || !inputs) continue;
    const rendered = await renderEvent(messageEvent, { ...inputs, tracking: tracking ?? inputs.tracking }, {});
    messages.push(...rendered.map((message) => outboxColumns(outboxRow(message))));
  }
  return { expected: state, steps, tracking, messages };
}

/** The event in one transaction (the way every event took before decision 124): a parcel back at the shop. */
async function applyInTransaction(deps: ShippingDeps, event: CarrierEvent, payload: unknown): Promise<{ outcome: EventResult; orderId: string | null }> {
  const { db, carrier } = deps;
  const [target] = await db
    .select({ id: shipments.id, orderId: shipments.orderId })
    .from(shipments)
    .where(and(eq(shipments.provider, carrier.name), eq(shipments.awb, event.awb)))
    .limit(1);
  let invoiceDue = false;
  const result = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(shipmentEvents)
      .values({
        provider: carrier.name,
        eventKey: event.eventKey,
        shipmentId: target?.id ?? null,
        awb: event.awb,
        kind: event.kind,
        carrierStatus: event.carrierStatus,
        carrierStatusId: event.carrierStatusId,
        at: event.at,
        location: event.location,
        activity: event.activity,
        payload,
      })
      .onConflictDoNothing({ target: [shipmentEvents.provider, shipmentEvents.eventKey] })
      .returning({ id: shipmentEvents.id });
    if (!stored) return { outcome: 'duplicate' as const, orderId: target?.orderId ?? null, refund: null };
    const finish = async (outcome: EventResult, refund: { orderId: string } | null = null) => {
      await tx.update(shipmentEvents).set({ outcome }).where(eq(shipmentEvents.id, stored.id));
      return { outcome, orderId: target?.orderId ?? null, refund };
    };
    if (!target) return finish('unknown_awb');

    const [order] = await tx
      .select({ status: orders.status, paymentMethod: orders.paymentMethod })
      .from(orders)
      .where(eq(orders.id, target.orderId))
      .for('update');
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, target.id)).for('update');
    if (!order || !shipment) return finish('unknown_awb');
    const moved = applyTrackingEvent({ status: shipment.status, lastEventAt: shipment.lastEventAt }, { kind: event.kind, at: event.at });
    // The carrier's estimated date and courier are worth keeping from any event, even one that moves nothing.
    await tx
      .update(shipments)
      .set({
        ...(moved.outcome === 'applied' ? { status: moved.state.status, lastEventAt: moved.state.lastEventAt } : {}),
        ...(event.edd ? { carrierEdd: event.edd } : {}),
        ...(event.courierName && !shipment.courierName ? { courierName: event.courierName } : {}),
      })
      .where(eq(shipments.id, shipment.id));
    if (moved.outcome !== 'applied' || !isKind(moved.state.status)) return finish(moved.outcome);

    const kind = moved.state.status;
    const note = `Carrier: ${event.carrierStatus}${event.location ? `, ${event.location}` : ''}`;
    let status = order.status;
    for (const step of orderStepsFor(kind, status)) {
      const tracking =
        step === 'shipped' && shipment.awb
          ? { tracking: { carrier: event.courierName ?? shipment.courierName ?? carrier.name, number: shipment.awb, link: TRACKING_URL(shipment.awb) } }
          : {};
      await stepOrder(tx, target.orderId, step, note, tracking);
      invoiceDue ||= step === 'shipped';
      status = step;
    }
    if (kind !== 'rto_delivered') return finish('applied');
    const rto = rtoOrderOutcome(order.paymentMethod, status);
    if (!rto) return finish('applied');
    await stepOrder(tx, target.orderId, rto.to, 'Returned to the shop by the carrier (RTO)');
    if (rto.to === 'cancelled') await releaseCoupon(tx, target.orderId);
    return finish('applied', rto.refund ? { orderId: target.orderId } : null);
  });
  deps.wakeOutbox?.();
  if (invoiceDue) deps.wakeInvoices?.();
  if (result.refund && deps.payments) {
    try {
      await requestRefund(db, deps.payments.provider, {
        orderId: result.refund.orderId,
        kind: 'full',
        reason: 'Returned to origin by the carrier',
        restock: false,
      });
    } catch (error) {
      // Not paid (nothing to refund), or the provider is down: staff see the returned order and refund from the back office.
      if (!(error instanceof Refusal)) throw error;
    }
  }
  return { outcome: result.outcome, orderId: result.orderId };
}
