import { createHash, timingSafeEqual } from 'node:crypto';
import { parseShiprocketTime, shiprocketDate, shiprocketKind } from '@shop/domain/shipping/carrier-statuses';
import { z } from 'zod';
import { PG_INT_MAX } from '../../lib/params.ts';
import type { CarrierEvent } from '../provider.ts';

/**
 * Shiprocket's tracking webhook (entities.ts TrackingWebhook): authenticated only by the token set in its panel, sent
 * back as the `x-api-key` header (no signature over the body), so the token is compared in constant time, over
 * digests so that a wrong length tells nothing either.
 */
export function tokenMatches(sent: string | string[] | undefined, token: string): boolean {
  if (typeof sent !== 'string' || sent.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/** Shiprocket's status ids are small numbers; the event's integer column holds none above PG_INT_MAX. */
const statusId = z.union([
  z.number().int().min(0).max(PG_INT_MAX),
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);

/** What we need of the payload; everything else is kept in the stored payload as it came. */
const webhookSchema = z.object({
  awb: z.union([z.string().min(1).max(64), z.number().int().transform(String)]),
  courier_name: z.string().max(200).nullish(),
  current_status: z.string().max(200).nullish(),
  current_status_id: statusId.nullish(),
  shipment_status: z.string().max(200).nullish(),
  shipment_status_id: statusId.nullish(),
  current_timestamp: z.string().max(40),
  etd: z.string().max(40).nullish(),
  scans: z
    .array(
      z.object({
        date: z.string().max(40).nullish(),
        activity: z.string().max(500).nullish(),
        location: z.string().max(200).nullish(),
        'sr-status': z.union([z.string(), z.number()]).nullish(),
      }),
    )
    .max(500)
    .nullish(),
});

/** An event's key: AWB, Shiprocket status id and the event's instant, the same from a webhook and from tracking. */
export const shiprocketEventKey = (awb: string, status: number | string, at: Date) => `${awb}:${status}:${at.toISOString()}`;

/**
 * The webhook as one event. Its own time is `current_timestamp` (India time); the newest scan gives the place and
 * words. The event key is the same for a redelivery of the same update, and for the same scan read by `track`.
 */
export function parseTrackingWebhook(body: unknown): CarrierEvent | null {
  const parsed = webhookSchema.safeParse(body);
  if (!parsed.success) return null;
  const hook = parsed.data;
  const at = parseShiprocketTime(hook.current_timestamp);
  if (!at) return null;
  const id = hook.shipment_status_id ?? hook.current_status_id ?? null;
  const status = (hook.shipment_status ?? hook.current_status ?? '').trim() || 'UNKNOWN';
  const lastScan = hook.scans?.at(-1);
  return {
    eventKey: shiprocketEventKey(hook.awb, id ?? status, at),
    awb: hook.awb,
    kind: shiprocketKind(id),
    carrierStatus: status,
    carrierStatusId: id,
    at,
    location: lastScan?.location?.trim() || null,
    activity: lastScan?.activity?.trim() || null,
    edd: shiprocketDate(hook.etd),
    courierName: hook.courier_name?.trim() || null,
  };
}
