import type { ManifestRow } from '@shop/domain/shipping/shipment';
import type { ResponseSchema } from '@lib/api/shape';

/**
 * The day's manifest as the API writes it for the courier (GET /api/admin/shipments/manifest?format=csv), read back
 * into rows for the manifest page, so the list staff see is the very sheet they download. Columns are found by their
 * header (order, awb, courier, consignee, city, pincode, parcels, weight_grams, cod_amount_rupees); a cell the API
 * guarded against spreadsheet formulas (a leading ' before = + - @) is shown as it was.
 */

const columns = ['order', 'awb', 'courier', 'consignee', 'city', 'pincode', 'parcels', 'weight_grams', 'cod_amount_rupees'] as const;

/** RFC 4180 records: quoted cells may hold commas, newlines and doubled quotes. */
function records(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((record) => !(record.length === 1 && record[0] === ''));
}

const unguarded = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

export function parseManifestCsv(text: string): ManifestRow[] {
  const [head, ...body] = records(text);
  if (!head) throw new Error('the manifest has no header');
  const at = Object.fromEntries(columns.map((name) => [name, head.indexOf(name)])) as Record<(typeof columns)[number], number>;
  const missing = columns.filter((name) => at[name] < 0);
  if (missing.length > 0) throw new Error(`the manifest has no ${missing.join(', ')} column`);
  return body.map((record, line) => {
    const cell = (name: (typeof columns)[number]) => unguarded(record[at[name]] ?? '');
    const whole = (name: (typeof columns)[number]) => {
      const value = Number(cell(name));
      if (!Number.isInteger(value) || value < 0) throw new Error(`row ${line + 1}: ${name} is not a whole number`);
      return value;
    };
    const rupees = cell('cod_amount_rupees');
    if (!/^\d+(\.\d{1,2})?$/.test(rupees)) throw new Error(`row ${line + 1}: cod_amount_rupees is not an amount`);
    return {
      orderNumber: cell('order'),
      awb: cell('awb'),
      courierName: cell('courier'),
      consignee: cell('consignee'),
      city: cell('city'),
      pincode: cell('pincode'),
      parcels: whole('parcels'),
      weightGrams: whole('weight_grams'),
      codAmount: Math.round(Number(rupees) * 100),
    };
  });
}

/** The answer check for the CSV download (the API client hands a non-JSON answer over as its text). */
export const manifestCsvSchema: ResponseSchema<ManifestRow[]> = {
  parse(value: unknown) {
    if (typeof value !== 'string') throw new Error('the manifest is not CSV text');
    return parseManifestCsv(value);
  },
};
