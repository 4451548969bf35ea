import { shipments } from '@shop/db';
import { and, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { Counter } from 'prom-client';
import { processRegistry } from '../metrics/registry.ts';
import { withRunnerLock } from '../payments/reconcile-lock.ts';
import { applyCarrierEvent, type EventResult } from './apply-event.ts';
import type { ShippingDeps } from './deps.ts';
import { CarrierError, type CarrierEvent } from './provider.ts';
import { DEFAULT_TRACK_AFTER_SECONDS } from './reconcile-tracking-defaults.ts';

/**
 * The tracking reconciliation (issue 22, decision 111): a shipment still on its way whose newest tracking event is
 * older than `afterMs` (SHIPMENT_TRACK_AFTER_SECONDS) is asked about at the carrier (`track`), and every event the
 * carrier has is applied through the webhook's own path (apply-event.ts `applyCarrierEvent`), with the webhook's
 * keys: what already came is a duplicate, what was lost catches the order up, exactly once. A webhook arriving after
 * the reconciliation is then the duplicate. One runner among several API instances (payments/reconcile-lock.ts, the
 * payments reconciliation's lock, under a name of its own).
 */

export const TRACKING_RECONCILE_LOCK = 'shop:shipping:reconcile';
/**
 * How far back shipments are asked about: a parcel without any news for 30 days is a case for staff (the carrier's
 * lost-shipment claim), not for a job that would ask about it every pass forever.
 */
const LOOKBACK_MS = 30 * 86_400_000;
/** At most this many carrier calls a pass; the most recently active shipments first (the parcels shoppers await). */
const BATCH = 100;

/** Shipments that have an AWB and are neither delivered, back at the shop nor cancelled. */
export const OPEN_SHIPMENT_STATUSES = [
  'awb_assigned',
  'pickup_scheduled',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'failed_attempt',
  'rto_initiated',
] as const;

export const trackingReconciled = new Counter({
  name: 'shop_shipments_reconciled_events_total',
  help: "Tracking events the reconciliation found at the carrier that no webhook had brought, applied by the webhook's path",
  registers: [processRegistry],
});

export interface TrackingReconcileReport {
  /** False when another runner held the lock: this pass did nothing. */
  ran: boolean;
  /** Shipments the carrier answered for. */
  checked: number;
  /** Events applied (new and newer than what the shipment had), by shipment. */
  caughtUp: Array<{ shipmentId: string; orderId: string; awb: string; applied: number; status: string }>;
  /** Shipments the carrier could not answer for; the next pass asks again. */
  failed: number;
}

/**
 * Open shipments whose newest event (or, before any event, their creation) is between `afterMs` and 30 days before
 * `now`, most recent first.
 */
export async function shipmentsToReconcile(db: ShippingDeps['db'], now: Date, afterMs: number, limit = BATCH) {
  const quietSince = sql<Date>`coalesce(${shipments.lastEventAt}, ${shipments.createdAt})`;
  return db
    .select({ id: shipments.id, orderId: shipments.orderId, awb: shipments.awb })
    .from(shipments)
    .where(
      and(
        isNotNull(shipments.awb),
        inArray(shipments.status, [...OPEN_SHIPMENT_STATUSES]),
        lte(quietSince, new Date(now.getTime() - afterMs)),
        gte(quietSince, new Date(now.getTime() - LOOKBACK_MS)),
      ),
    )
    .orderBy(desc(quietSince))
    .limit(limit) as Promise<Array<{ id: string; orderId: string; awb: string }>>;
}

/** The carrier answered nothing, or answered that it is failing: asking about the next shipment would fail too. */
const isOutage = (error: unknown) => !(error instanceof CarrierError) || error.status === undefined || error.status >= 500;

/** One reconciliation pass (under the runner lock); `onCaughtUp` hears of each shipment that moved. */
export async function reconcileTracking(
  deps: ShippingDeps,
  options: { now?: Date; afterMs?: number; onCaughtUp?: (shipment: TrackingReconcileReport['caughtUp'][number]) => void } = {},
): Promise<TrackingReconcileReport> {
  const locked = await withRunnerLock(deps.db, TRACKING_RECONCILE_LOCK, async () => {
    const report: TrackingReconcileReport = { ran: true, checked: 0, caughtUp: [], failed: 0 };
    const due = await shipmentsToReconcile(deps.db, options.now ?? new Date(), options.afterMs ?? DEFAULT_TRACK_AFTER_SECONDS * 1000);
    for (const [index, shipment] of due.entries()) {
      let events: CarrierEvent[];
      try {
        events = await deps.carrier.track(shipment.awb);
      } catch (error) {
        if (!isOutage(error)) {
          report.failed += 1;
          continue;
        }
        report.failed += due.length - index;
        break;
      }
      report.checked += 1;
      const outcomes: Partial<Record<EventResult, number>> = {};
      for (const event of events) {
        // The webhook's own path and keys: an event already stored is a duplicate and changes nothing.
        const { outcome } = await applyCarrierEvent(deps, event, {
          source: 'reconciliation',
          awb: event.awb,
          status: event.carrierStatus,
          statusId: event.carrierStatusId,
          at: event.at.toISOString(),
        });
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
      const fresh = (outcomes.applied ?? 0) + (outcomes.stale ?? 0) + (outcomes.ignored ?? 0);
      if (fresh === 0) continue;
      trackingReconciled.inc(fresh);
      const [moved] = await deps.db.select({ status: shipments.status }).from(shipments).where(eq(shipments.id, shipment.id));
      const caught = { shipmentId: shipment.id, orderId: shipment.orderId, awb: shipment.awb, applied: outcomes.applied ?? 0, status: moved?.status ?? '' };
      report.caughtUp.push(caught);
      options.onCaughtUp?.(caught);
    }
    return report;
  });
  return locked.ran ? locked.value : { ran: false, checked: 0, caughtUp: [], failed: 0 };
}
