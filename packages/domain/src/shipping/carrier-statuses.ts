import type { TrackingEventKind } from './statuses.ts';

/**
 * Shiprocket's shipment status ids (its published "shipment status codes" table, the `shipment_status_id` /
 * `current_status_id` and scans' `sr-status` of its tracking webhook) as the event kinds the shop acts on. Statuses
 * not listed (manifest generated, pickup scheduled, lost, damaged, …) are stored for the timeline and move nothing;
 * staff see them in the shipment's events.
 */
export const SHIPROCKET_STATUS_KINDS: Readonly<Record<number, TrackingEventKind>> = {
  6: 'picked_up', // SHIPPED
  42: 'picked_up', // PICKED UP
  18: 'in_transit', // IN TRANSIT
  38: 'in_transit', // REACHED AT DESTINATION HUB
  48: 'in_transit', // REACHED WAREHOUSE
  22: 'in_transit', // DELAYED
  17: 'out_for_delivery', // OUT FOR DELIVERY
  7: 'delivered', // DELIVERED
  21: 'failed_attempt', // UNDELIVERED
  9: 'rto_initiated', // RTO INITIATED
  14: 'rto_initiated', // RTO ACKNOWLEDGED
  46: 'rto_initiated', // RTO IN TRANSIT
  40: 'rto_initiated', // RTO NDR
  41: 'rto_initiated', // RTO OFD
  10: 'rto_delivered', // RTO DELIVERED
};

/** The Shiprocket status id and words the loopback carrier sends for each kind (and the tests script journeys with). */
export const SHIPROCKET_KIND_STATUSES: Readonly<Record<TrackingEventKind, { id: number; label: string }>> = {
  picked_up: { id: 42, label: 'PICKED UP' },
  in_transit: { id: 18, label: 'IN TRANSIT' },
  out_for_delivery: { id: 17, label: 'OUT FOR DELIVERY' },
  delivered: { id: 7, label: 'DELIVERED' },
  failed_attempt: { id: 21, label: 'UNDELIVERED' },
  rto_initiated: { id: 9, label: 'RTO INITIATED' },
  rto_delivered: { id: 10, label: 'RTO DELIVERED' },
};

export function shiprocketKind(statusId: number | null | undefined): TrackingEventKind | null {
  return statusId === null || statusId === undefined ? null : (SHIPROCKET_STATUS_KINDS[statusId] ?? null);
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * A Shiprocket time, always India time without a zone: the webhook's `current_timestamp` is "DD MM YYYY HH:mm:ss",
 * scans, `etd` and dates elsewhere "YYYY-MM-DD HH:mm:ss" (or just the date). Null when it is neither.
 */
export function parseShiprocketTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const trimmed = value.trim();
  let parts: RegExpExecArray | null = /^(\d{2})[ -/](\d{2})[ -/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  let y: number, mo: number, d: number, h: number, mi: number, s: number;
  if (parts) {
    [d, mo, y, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(parts?.[i] ?? 0)) as [number, number, number, number, number, number];
  } else {
    parts = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
    if (!parts) return null;
    [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(parts?.[i] ?? 0)) as [number, number, number, number, number, number];
  }
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, s) - IST_OFFSET_MS;
  const date = new Date(utc);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The India date (YYYY-MM-DD) of a Shiprocket time, e.g. its `etd`; null when unreadable. */
export function shiprocketDate(value: string | null | undefined): string | null {
  const time = parseShiprocketTime(value);
  return time ? new Date(time.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10) : null;
}

/** A time as Shiprocket writes it in its webhook's `current_timestamp`: "DD MM YYYY HH:mm:ss", India time. */
export function formatShiprocketTimestamp(time: Date): string {
  const ist = new Date(time.getTime() + IST_OFFSET_MS).toISOString();
  return `${ist.slice(8, 10)} ${ist.slice(5, 7)} ${ist.slice(0, 4)} ${ist.slice(11, 19)}`;
}

/** A time as Shiprocket writes it in scans and dates: "YYYY-MM-DD HH:mm:ss", India time. */
export function formatShiprocketDateTime(time: Date): string {
  const ist = new Date(time.getTime() + IST_OFFSET_MS).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 19)}`;
}
