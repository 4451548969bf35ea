/**
 * Invoice and credit note numbers (issue 21; decision 070). GST rule 46 asks for a consecutive serial number, unique
 * for a financial year (1 April to 31 March), of at most 16 characters: letters, digits, "-" and "/". The shop writes
 *   invoice      PREFIX/2627/00042      (financial year 2026–27, 42nd invoice)
 *   credit note  PREFIXC/2627/00007     (its own series, the prefix with a C)
 * The API hands out the sequence under a locked counter row per series and year (apps/api/src/invoices/).
 */

export type DocumentSeries = 'invoice' | 'credit_note';

/** India has one time zone, UTC+05:30, without daylight saving. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The financial year a moment falls in, by the date in India: { start: 2026, label: '2026-27', short: '2627' }. */
export function financialYearOf(at: Date): { start: number; label: string; short: string } {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  const end = (start + 1) % 100;
  return { start, label: `${start}-${String(end).padStart(2, '0')}`, short: `${String(start % 100).padStart(2, '0')}${String(end).padStart(2, '0')}` };
}

export const DOCUMENT_NUMBER = /^[A-Za-z0-9/-]{1,16}$/;

export function documentNumber(prefix: string, series: DocumentSeries, at: Date, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new Error('a sequence starts at 1');
  const number = `${prefix}${series === 'credit_note' ? 'C' : ''}/${financialYearOf(at).short}/${String(sequence).padStart(5, '0')}`;
  if (!DOCUMENT_NUMBER.test(number)) throw new Error(`document number ${number} is longer than GST's 16 characters: choose a shorter invoice prefix`);
  return number;
}
