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
const HOUR_MS = 3_600_000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/*
 * Calendar dates are counted as whole days since 1970-01-01 (UTC midnight, so adding days never meets a DST change):
 * stepping through dispatch and delivery days is then integer arithmetic, with no Date or string made per day (an
 * estimate is on every product page and cart; decision 119). Dates become ISO strings only in the answer.
 */

/** The weekday of a day number, as `getUTCDay` numbers it (0 Sunday); 1970-01-01 was a Thursday. */
function weekdayOf(day: number): number {
  return (day + 4) % 7;
}

/**
 * A day number's YYYY-MM-DD, by integer arithmetic (the proleptic Gregorian calendar, as `Date` counts it: Howard
 * Hinnant's days-to-civil): no `Date` and one string per date, and an answer has three dates a line (decision 128).
 * Years outside 1000–9999 (and NaN) go through `Date`, whose ISO form is then the answer (or its RangeError).
 */
function isoOf(day: number): string {
  const shifted = day + 719_468; // days from 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (!(year >= 1000 && year <= 9999)) return new Date(day * DAY_MS).toISOString().slice(0, 10);
  return `${year}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`;
}

/** A YYYY-MM-DD date's day number (NaN for anything else, which then matches no day). */
function dayOf(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
}

/** Today's date and hour in India (UTC+5:30, no daylight saving). */
export function indiaClock(now: Date): { date: string; hour: number } {
  const shifted = now.getTime() + IST_OFFSET_MS;
  return { date: isoOf(Math.floor(shifted / DAY_MS)), hour: Math.floor((((shifted % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS) };
}

/** The shop's dispatch calendar: which weekdays it dispatches on (by `getUTCDay`) and its holidays (day numbers). */
interface DispatchCalendar {
  weekdays: readonly boolean[];
  holidays: ReadonlySet<number>;
}

function isDispatchDay(day: number, calendar: DispatchCalendar): boolean {
  return calendar.weekdays[weekdayOf(day)] === true && !calendar.holidays.has(day);
}

/**
 * The n-th dispatch day after `from` (n = 0: `from` itself when it is one, else the next). The schema insists on at
 * least one dispatch weekday; should a calendar still have none (or a year of holidays), the search gives up after
 * two years rather than loop, and answers the day it reached.
 */
function dispatchDayAfter(from: number, n: number, calendar: DispatchCalendar): number {
  const limit = from + 730 + n;
  let day = from;
  while (!isDispatchDay(day, calendar) && day < limit) day++;
  for (let left = n; left > 0; left--) {
    day++;
    while (!isDispatchDay(day, calendar) && day < limit) day++;
  }
  return day;
}

/** Calendars by settings object: the settings are memoised by the API, so each estimate reuses its calendar. */
const calendars = new WeakMap<DeliverySettings, DispatchCalendar>();

function calendarOf(settings: DeliverySettings): DispatchCalendar {
  let calendar = calendars.get(settings);
  if (!calendar) {
    calendar = {
      weekdays: Array.from({ length: 7 }, (_, day) => settings.dispatchWeekdays.includes(day)),
      holidays: new Set(settings.holidays.map(dayOf)),
    };
    calendars.set(settings, calendar);
  }
  return calendar;
}

/** `days` delivery days after `from` (Sundays do not count; a parcel due on a Sunday arrives on Monday). */
function deliveryDayAfter(from: number, days: number): number {
  let day = from;
  for (let left = days; left > 0; left--) {
    day++;
    if (weekdayOf(day) === 0) day++;
  }
  return day;
}

/** The dispatch day (day number) of one line ordered at `now`. */
function dispatchDay(now: Date, line: DeliveryLine, settings: DeliverySettings): number {
  const shifted = now.getTime() + IST_OFFSET_MS;
  const today = Math.floor(shifted / DAY_MS);
  const hour = Math.floor((shifted - today * DAY_MS) / HOUR_MS);
  const orderDay = hour >= settings.cutoffHour ? today + 1 : today;
  const making = Math.max(0, line.madeToOrderDays) + (line.personalisationPending ? settings.personalisationDays : 0);
  return dispatchDayAfter(orderDay, making, calendarOf(settings));
}

/** The dispatch date of one line ordered at `now`. */
export function dispatchDate(now: Date, line: DeliveryLine, settings: DeliverySettings): string {
  return isoOf(dispatchDay(now, line, settings));
}

/** The transit range to a destination: the carrier's figure when its file gave one (one day of slack), else the zone's. */
export function transitRangeTo(destination: Destination, settings: DeliverySettings): TransitRange {
  if (destination.transitDays !== null) return { min: destination.transitDays, max: destination.transitDays + 1 };
  const zone = deliveryZoneOf({ city: settings.originCity, state: settings.originState }, destination);
  return settings.transitDays[zone];
}

/** The promise for lines ordered at `now` to a destination: the slowest line decides. */
export function estimateDelivery(now: Date, lines: readonly DeliveryLine[], destination: Destination, settings: DeliverySettings): DeliveryDates {
  let dispatch = lines.length > 0 ? -Infinity : dispatchDay(now, { madeToOrderDays: 0, personalisationPending: false }, settings);
  for (const line of lines) dispatch = Math.max(dispatch, dispatchDay(now, line, settings));
  const transit = transitRangeTo(destination, settings);
  return {
    dispatch: isoOf(dispatch),
    earliest: isoOf(deliveryDayAfter(dispatch, transit.min)),
    latest: isoOf(deliveryDayAfter(dispatch, transit.max)),
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
