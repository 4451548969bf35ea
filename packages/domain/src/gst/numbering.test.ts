import { describe, expect, it } from 'vitest';
import { DOCUMENT_NUMBER, documentNumber, financialYearOf } from './numbering.ts';

describe('invoice numbering', () => {
  it('runs the financial year from 1 April to 31 March, by the date in India', () => {
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toEqual({ start: 2026, label: '2026-27', short: '2627' });
    // 31 March 23:59 in India is still the old year; 18:30 UTC that evening is already 1 April in India.
    expect(financialYearOf(new Date('2026-03-31T23:59:59+05:30')).label).toBe('2025-26');
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z')).label).toBe('2025-26');
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z')).label).toBe('2026-27');
    expect(financialYearOf(new Date('2099-12-31T12:00:00Z'))).toEqual({ start: 2099, label: '2099-00', short: '9900' });
  });

  it('writes numbers of at most 16 letters, digits, - and /', () => {
    const at = new Date('2026-11-26T10:00:00Z');
    expect(documentNumber('KG', 'invoice', at, 42)).toBe('KG/2627/00042');
    expect(documentNumber('KG', 'credit_note', at, 7)).toBe('KGC/2627/00007');
    expect(documentNumber('ABCD', 'credit_note', at, 99_999)).toBe('ABCDC/2627/99999');
    expect(documentNumber('ABCD', 'invoice', at, 123_456)).toBe('ABCD/2627/123456');
    expect(() => documentNumber('ABCD', 'credit_note', at, 123_456)).toThrow(/16 characters/);
    expect(() => documentNumber('KG', 'invoice', at, 0)).toThrow();
    expect(DOCUMENT_NUMBER.test('KG/2627/00042')).toBe(true);
    expect(DOCUMENT_NUMBER.test('KG_2627')).toBe(false);
  });
});
