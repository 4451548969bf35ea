import type { InboxSubscriber } from '@shop/domain/admin/inbox';
import { subscriberCsvColumns } from '@shop/domain/admin/inbox';
import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula ("=…", "+…", "-…", "@…", or one starting with a tab or carriage
 * return) gets a leading apostrophe (OWASP's advice against CSV injection): the file is meant to be opened in Excel
 * or Sheets, and a subscriber chooses their own address.
 */
function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The newsletter subscribers as CSV (RFC 4180 quoting by csv-stringify, CRLF line ends, a UTF-8 byte-order mark so
 * Excel reads the file as UTF-8), one header row then one row per subscriber.
 */
export function subscribersCsv(rows: InboxSubscriber[]): string {
  return stringify(
    rows.map((row) => [spreadsheetSafe(row.email), row.status, row.createdAt, row.confirmedAt ?? '', row.unsubscribedAt ?? '']),
    { header: true, columns: [...subscriberCsvColumns], bom: true, record_delimiter: 'windows' },
  );
}
