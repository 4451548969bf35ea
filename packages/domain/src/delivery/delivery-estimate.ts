import type { DeliverySettings, TransitRange } from './delivery-settings.ts';
import { deliveryZoneOf, type Place } from './delivery-zones.ts';

/**
 * The delivery promise (issue 22, decision 080): when a parcel ordered now reaches a pincode. Pure: the clock, the
 * settings and the places come in, ISO dates (India's calendar) come out.
 *
 * 1. The order day is today in India, or the next day when the order comes at or after the cut-off hour.
 * 2. Dispatch is the first dispatch day (one of the shop's dispatch weekdays, Monday to Saturday by default, and not a
 *    shop holiday) on or after the order day, moved on by the
 *    product's making days plus the personalisation days while its details are missing, each a dispatch day.
 * 3. Delivery is dispatch plus the zone's transit days (or the carrier's own figure for the pincode), counted in
 *    days couriers deliver on (not Sundays).
 * A cart's promise is its slowest line's.
 */

export interface DeliveryLine {
  /** The product's made-to-order days (0: ready to ship). */
  madeToOrderDays: number;
  /** The product needs personalisation and the shopper has not given it yet. */
  personalisationPending: boolean;
}

export interface Destination extends Place {
  /** Transit days from a carrier's serviceability file, overriding the zone table; null: by zone. */
  transitDays: number | null;
}

export interface DeliveryDates {
  /** YYYY-MM-DD, India's calendar. */
  dispatch: string;
  earliest: string;
  latest: string;
}

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** A calendar date as a UTC-midnight Date, so adding days never meets a DST change. */
function dateOf(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Today's date and hour in India (UTC+5:30, no daylight saving). */
export function indiaClock(now: Date): { date: string; hour: number } {
  const shifted = new Date(now.getTime() + IST_OFFSET_MS);
  return { date: isoOf(shifted), hour: shifted.getUTCHours() };
}

/** The shop's dispatch calendar: which weekdays it dispatches on (by `getUTCDay`) and its holidays. */
interface DispatchCalendar {
  weekdays: readonly boolean[];
  holidays: ReadonlySet<string>;
}

function isDispatchDay(date: Date, calendar: DispatchCalendar): boolean {
  return calendar.weekdays[date.getUTCDay()] === true && !calendar.holidays.has(isoOf(date));
}

/**
 * The n-th dispatch day after `from` (n = 0: `from` itself when it is one, else the next). The schema insists on at
 * least one dispatch weekday; should a calendar still have none (or a year of holidays), the search gives up after
 * two years rather than loop, and answers the day it reached.
 */
function dispatchDayAfter(from: Date, n: number, calendar: DispatchCalendar): Date {
  const limit = from.getTime() + (730 + n) * DAY_MS;
  let day = from;
  while (!isDispatchDay(day, calendar) && day.getTime() < limit) day = addDays(day, 1);
  for (let left = n; left > 0; left--) {
    day = addDays(day, 1);
    while (!isDispatchDay(day, calendar) && day.getTime() < limit) day = addDays(day, 1);
  }
  return day;
}

/** Calendars by settings object: the settings are memoised by the API, so each estimate reuses its calendar. */
const calendars = new WeakMap<DeliverySettings, DispatchCalendar>();

function calendarOf(settings: DeliverySettings): DispatchCalendar {
  let calendar = calendars.get(settings);
  if (!calendar) {
    calendar = { weekdays: Array.from({ length: 7 }, (_, day) => settings.dispatchWeekdays.includes(day)), holidays: new Set(settings.holidays) };
    calendars.set(settings, calendar);
  }
  return calendar;
}

/** `days` delivery days after `from` (Sundays do not count; a parcel due on a Sunday arrives on Monday). */
function deliveryDayAfter(from: Date, days: number): Date {
  let day = from;
  for (let left = days; left > 0; left--) {
    day = addDays(day, 1);
    while (day.getUTCDay() === 0) day = addDays(day, 1);
  }
  return day;
}

/** The dispatch date of one line ordered at `now`. */
export function dispatchDate(now: Date, line: DeliveryLine, settings: DeliverySettings): string {
  const clock = indiaClock(now);
  const orderDay = clock.hour >= settings.cutoffHour ? addDays(dateOf(clock.date), 1) : dateOf(clock.date);
  const making = Math.max(0, line.madeToOrderDays) + (line.personalisationPending ? settings.personalisationDays : 0);
  return isoOf(dispatchDayAfter(orderDay, making, calendarOf(settings)));
}

/** The transit range to a destination: the carrier's figure when its file gave one (one day of slack), else the zone's. */
export function transitRangeTo(destination: Destination, settings: DeliverySettings): TransitRange {
  if (destination.transitDays !== null) return { min: destination.transitDays, max: destination.transitDays + 1 };
  const zone = deliveryZoneOf({ city: settings.originCity, state: settings.originState }, destination);
  return settings.transitDays[zone];
}

/** The promise for lines ordered at `now` to a destination: the slowest line decides. */
export function estimateDelivery(now: Date, lines: readonly DeliveryLine[], destination: Destination, settings: DeliverySettings): DeliveryDates {
  const dispatches = (lines.length > 0 ? lines : [{ madeToOrderDays: 0, personalisationPending: false }]).map((line) => dispatchDate(now, line, settings));
  const dispatch = dispatches.sort().at(-1) as string;
  const transit = transitRangeTo(destination, settings);
  return {
    dispatch,
    earliest: isoOf(deliveryDayAfter(dateOf(dispatch), transit.min)),
    latest: isoOf(deliveryDayAfter(dateOf(dispatch), transit.max)),
  };
}

/** Each line's own promise (the cart and checkout show one per line) and the order's: the latest line's (one parcel). */
export function estimateEachLine(
  now: Date,
  lines: readonly DeliveryLine[],
  destination: Destination,
  settings: DeliverySettings,
): { lines: DeliveryDates[]; order: DeliveryDates } {
  const each = lines.map((line) => estimateDelivery(now, [line], destination, settings));
  // One parcel, one transit: the order's promise is the line that leaves last (computed once, not again for the order).
  const order = each.reduce<DeliveryDates | null>((latest, line) => (latest === null || line.dispatch > latest.dispatch ? line : latest), null);
  return { lines: each, order: order ?? estimateDelivery(now, [], destination, settings) };
}
