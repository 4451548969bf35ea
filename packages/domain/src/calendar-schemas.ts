import { z } from 'zod';
import { isCalendarDate } from './calendar.ts';
import { coded } from './field-errors.ts';
import type { RefusalCode } from './refusals/index.ts';

/**
 * The zod schemas of the shop's calendar rules (calendar.ts, decision 144): every date and date-time the API takes
 * is read by one of these, refused with the code of the field it is in.
 */

/** A real calendar date written YYYY-MM-DD, years 2000 to 2999; anything else (a wrong type too) is refused with `code`. */
export function calendarDateSchema(code: RefusalCode) {
  return z.string({ error: coded(code) }).refine(isCalendarDate, { error: coded(code) });
}

/**
 * An instant written in ISO 8601 with seconds and its offset ("2026-12-31T18:30:00Z", "2027-01-01T00:00:00+05:30"),
 * a real date in the years 2000 to 2999 as written; anything else is refused with `code`.
 */
export function dateTimeSchema(code: RefusalCode) {
  return z.iso.datetime({ offset: true, error: coded(code) }).refine((value) => isCalendarDate(value.slice(0, 10)), { error: coded(code) });
}

const anyDateTime = dateTimeSchema('invalid_value');

/** The instant an ISO 8601 date-time names under dateTimeSchema's rule, or null when it is not one. */
export function parseDateTime(value: string): Date | null {
  return anyDateTime.safeParse(value).success ? new Date(value) : null;
}
