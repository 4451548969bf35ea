/**
 * The shop's calendar rules for dates and times anyone sends it: a filter's days, a holiday, a pickup day, a flash
 * sale's end, a coupon's window, a gift's occasion (decision 144). No schema library here, so the storefront's
 * browser code can use them as they are (calendar-schemas.ts builds the zod schemas on them).
 *
 * A date or time is accepted only in the years EARLIEST_YEAR to LATEST_YEAR (2000 to 2999), as written. The shop was
 * founded long after 2000 and plans nothing a millennium ahead, so no real value is refused, and every value that is
 * accepted stays a valid instant everywhere it goes: the day after it or 5:30 before it (a Kolkata day's start) is
 * still a normal date for JavaScript (whose `Date.UTC` reads years 0-99 as 1900-1999 and whose ISO text turns
 * 10000 into "+010000") and for PostgreSQL's timestamps (which end at 294276 and refuse year 0).
 */

export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2999;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days in a month (1-12) of a year, leap years included. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar date written YYYY-MM-DD in the shop's years: 2028-02-29 is one; 2026-02-30, 0000-01-01, 9999-12-31 are not. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const parts = ISO_DATE.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}
