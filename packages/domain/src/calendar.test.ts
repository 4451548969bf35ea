import { describe, expect, it } from 'vitest';
import { EARLIEST_YEAR, isCalendarDate, LATEST_YEAR } from './calendar.ts';
import { calendarDateSchema, dateTimeSchema, parseDateTime } from './calendar-schemas.ts';
import { fieldRefusalsOf } from './field-errors.ts';

describe('the calendar rule (decision 144)', () => {
  it('takes real dates in the years 2000 to 2999, leap days included', () => {
    expect([EARLIEST_YEAR, LATEST_YEAR]).toEqual([2000, 2999]);
    for (const day of ['2000-01-01', '2026-12-31', '2028-02-29', '2000-02-29', '2999-12-31']) expect(isCalendarDate(day), day).toBe(true);
  });

  it('refuses impossible dates, years outside the range and anything not written YYYY-MM-DD', () => {
    for (const day of [
      '2026-02-29',
      '2026-02-30',
      '2026-02-31',
      '2100-02-29',
      '2026-13-45',
      '2026-00-10',
      '2026-04-00',
      '0000-00-00',
      '0000-01-01',
      '1999-12-31',
      '3000-01-01',
      '9999-12-31',
      '+010000-01-01',
      '2026-1-5',
      '2026-01-05T00:00:00Z',
      ' 2026-01-05',
      '5 Dec',
      '',
    ]) {
      expect(isCalendarDate(day), day).toBe(false);
    }
    for (const value of [null, undefined, 20260105, ['2026-01-05']]) expect(isCalendarDate(value)).toBe(false);
  });

  it("refuses a date with the field's own code", () => {
    const schema = calendarDateSchema('order_filter_date_invalid');
    expect(schema.parse('2026-03-01')).toBe('2026-03-01');
    for (const value of ['9999-12-31', '2026-02-30', 42]) {
      const parsed = schema.safeParse(value);
      expect(parsed.success, String(value)).toBe(false);
      if (!parsed.success) expect(fieldRefusalsOf(parsed.error, 'from').from?.code).toBe('order_filter_date_invalid');
    }
  });

  it('takes ISO 8601 date-times with an offset whose written date is real and in range', () => {
    const schema = dateTimeSchema('date_time_invalid');
    for (const value of [
      '2026-12-31T18:30:00Z',
      '2027-01-01T00:00:00+05:30',
      '2000-01-01T00:00:00+05:30',
      '2999-12-31T23:59:59-05:00',
      '2026-06-01T10:00:00.123Z',
    ]) {
      expect(schema.safeParse(value).success, value).toBe(true);
    }
    for (const value of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+05:30',
      '9999-12-31T23:59:59-05:00',
      '+275760-09-13T00:00:00.000Z',
      '2026-02-30T10:00:00Z',
      '2026-12-31T24:00:00Z',
      '2026-12-31T18:30:00',
      '2026-12-31',
      'Dec 25',
      '12',
    ]) {
      const parsed = schema.safeParse(value);
      expect(parsed.success, value).toBe(false);
      if (!parsed.success) expect(fieldRefusalsOf(parsed.error, 'flashSaleEndsAt').flashSaleEndsAt?.code).toBe('date_time_invalid');
    }
  });

  it('reads a date-time as its instant, or null', () => {
    expect(parseDateTime('2027-01-01T00:00:00+05:30')?.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    for (const value of ['1', '12', 'Dec 25', '2026-02-30T00:00:00Z', '0000-01-01T00:00:00Z', '']) expect(parseDateTime(value), value).toBeNull();
  });
});
