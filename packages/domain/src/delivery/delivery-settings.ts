import { z } from 'zod';
import { isCalendarDate } from '../calendar.ts';
import { calendarDateSchema } from '../calendar-schemas.ts';
import { coded } from '../field-errors.ts';

/**
 * The delivery promise's shop settings (issue 22, decision 080), stored in site_settings.delivery_settings and edited
 * with the other settings. Transit days are per zone, from the shop's own city and state (the zones couriers price by).
 */
export const deliveryZones = ['sameCity', 'sameState', 'metro', 'restOfIndia', 'northEastJk'] as const;
export type DeliveryZone = (typeof deliveryZones)[number];

export interface TransitRange {
  min: number;
  max: number;
}

export interface DeliverySettings {
  /** Where parcels leave from: the shop's district (as the pincode directory names it) and state. */
  originCity: string;
  originState: string;
  /** Orders placed at or after this hour (India time, 0–23) count from the next dispatch day. */
  cutoffHour: number;
  /**
   * Weekdays the shop hands parcels to the courier, 0 Sunday … 6 Saturday (JavaScript's `getUTCDay`), sorted, at least
   * one. Default Monday to Saturday.
   */
  dispatchWeekdays: number[];
  /** Dates (YYYY-MM-DD) the shop does not dispatch, besides the weekdays it never dispatches on. */
  holidays: string[];
  /** Extra making days while a personalised product waits for the shopper's text or photo. */
  personalisationDays: number;
  /** Calendar days in transit by zone (couriers do not deliver on Sundays, so those are skipped). */
  transitDays: Record<DeliveryZone, TransitRange>;
}

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  originCity: 'Jaipur',
  originState: 'Rajasthan',
  cutoffHour: 14,
  dispatchWeekdays: [1, 2, 3, 4, 5, 6],
  holidays: [],
  personalisationDays: 2,
  transitDays: {
    sameCity: { min: 1, max: 2 },
    sameState: { min: 2, max: 3 },
    metro: { min: 2, max: 4 },
    restOfIndia: { min: 3, max: 6 },
    northEastJk: { min: 5, max: 9 },
  },
};

const days = coded('settings_delivery_days_invalid');
const dayCount = z.number({ error: days }).int({ error: days }).min(0, { error: days }).max(60, { error: days });
const range = z.object({ min: dayCount, max: dayCount }).refine((r) => r.min <= r.max, { error: coded('settings_delivery_days_invalid') });
const isoDate = coded('settings_delivery_holiday_invalid');
const hour = coded('settings_delivery_cutoff_invalid');
const name = coded('settings_delivery_origin_invalid');
const weekday = coded('settings_delivery_weekdays_invalid');

/** The weekdays in the order a week is shown in India (Monday first), as `getUTCDay` numbers them. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

export const deliverySettingsSchema = z.object({
  originCity: z.string({ error: name }).trim().min(1, { error: name }).max(80, { error: name }),
  originState: z.string({ error: name }).trim().min(1, { error: name }).max(80, { error: name }),
  cutoffHour: z.number({ error: hour }).int({ error: hour }).min(0, { error: hour }).max(23, { error: hour }),
  dispatchWeekdays: z
    .array(z.number({ error: weekday }).int({ error: weekday }).min(0, { error: weekday }).max(6, { error: weekday }), { error: weekday })
    .min(1, { error: weekday })
    .max(7, { error: weekday })
    .transform((list) => [...new Set(list)].sort((a, b) => a - b)),
  holidays: z
    // Real dates only (calendar.ts): 2026-02-30 or 0000-00-00 would be stored and never match a day.
    .array(calendarDateSchema('settings_delivery_holiday_invalid'), { error: isoDate })
    .max(366, { error: isoDate })
    .transform((list) => [...new Set(list)].sort()),
  personalisationDays: dayCount,
  transitDays: z.object({ sameCity: range, sameState: range, metro: range, restOfIndia: range, northEastJk: range }),
}) satisfies z.ZodType<DeliverySettings, unknown>;

/** The stored settings with anything missing or unreadable filled from the defaults (old rows, hand edits). */
export function deliverySettingsOf(stored: unknown): DeliverySettings {
  const merged = {
    ...DEFAULT_DELIVERY_SETTINGS,
    ...(stored && typeof stored === 'object' ? stored : {}),
  } as Record<string, unknown>;
  // A holiday that is not a real date (stored before they were checked) is dropped, not the whole settings with it.
  if (Array.isArray(merged.holidays)) merged.holidays = merged.holidays.filter(isCalendarDate);
  const transit = merged.transitDays;
  merged.transitDays = { ...DEFAULT_DELIVERY_SETTINGS.transitDays, ...(transit && typeof transit === 'object' ? transit : {}) };
  const parsed = deliverySettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_SETTINGS;
}

const rangeView = z.object({ min: z.number().int(), max: z.number().int() });

/** The settings as the API answers them (no transforms: a response schema only describes). */
export const deliverySettingsViewSchema = z.object({
  originCity: z.string(),
  originState: z.string(),
  cutoffHour: z.number().int(),
  dispatchWeekdays: z.array(z.number().int()),
  holidays: z.array(z.string()),
  personalisationDays: z.number().int(),
  transitDays: z.object({ sameCity: rangeView, sameState: rangeView, metro: rangeView, restOfIndia: rangeView, northEastJk: rangeView }),
});
