import { z } from 'zod';
import { calendarDateSchema } from '../calendar-schemas.ts';
import { coded } from '../field-errors.ts';
import { MAX_ADMIN_ORDERS_PAGE_SIZE } from './limits.ts';

/** Empty form fields arrive as '' from a GET form: the same as not sent (every back-office list's query reads them so). */
export const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

const wholeNumber = (min: number, max: number, fallback: number, code: 'order_filter_page_invalid' | 'order_filter_limit_invalid') => {
  const message = coded(code);
  return z.preprocess(
    blank,
    z
      .string({ error: message })
      .regex(/^\d{1,5}$/, { error: message })
      .transform(Number)
      .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }))
      .default(fallback),
  );
};

/**
 * The page and limit of a back-office list's query (orders, payments, shipments): plain digits only, so `1e3`,
 * `0x10` and `1.5` are refused rather than read as numbers; page 1 to 10000 (`order_filter_page_invalid`), limit 1
 * to MAX_ADMIN_ORDERS_PAGE_SIZE (`order_filter_limit_invalid`), `defaultLimit` when not sent.
 */
export function adminPageFields(defaultLimit: number) {
  return {
    page: wholeNumber(1, 10_000, 1, 'order_filter_page_invalid'),
    limit: wholeNumber(1, MAX_ADMIN_ORDERS_PAGE_SIZE, defaultLimit, 'order_filter_limit_invalid'),
  };
}

/** A list's day filter (YYYY-MM-DD, a Kolkata day): a real date in the shop's years (calendar.ts), so its start and the next day's are real instants. */
export const adminDaySchema = z.preprocess(blank, calendarDateSchema('order_filter_date_invalid').optional());
