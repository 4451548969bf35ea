import type { Database } from '@shop/db';
import { sql } from 'drizzle-orm';
import type { RequestUser } from '../auth/request-user.ts';
import { recordAudit } from '../admin/audit.ts';
import { fieldRefusal } from '../lib/refusal.ts';

/** One line of a carrier's serviceability file: pincode, prepaid yes/no, COD yes/no, zone or transit days. */
export interface ServiceabilityRow {
  pincode: string;
  serviceable: boolean;
  cod: boolean;
  zone: string | null;
  transitDays: number | null;
}

const YES = new Set(['y', 'yes', 'true', '1']);
const NO = new Set(['n', 'no', 'false', '0']);

function yesNo(cell: string | undefined): boolean | null {
  const value = (cell ?? '').trim().toLowerCase();
  return YES.has(value) ? true : NO.has(value) ? false : null;
}

/**
 * Reads the file (commas or semicolons, an optional header line, blank lines skipped). A line that cannot be read
 * refuses the whole file with its line number, so a half-applied import never happens.
 */
export function parseServiceabilityCsv(csv: string): ServiceabilityRow[] {
  const rows: ServiceabilityRow[] = [];
  const lines = csv.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const cells = line.split(/[,;]/).map((cell) => cell.trim().replace(/^"|"$/g, ''));
    if (index === 0 && !/^\d/.test(cells[0] ?? '')) return; // the header
    const [pincode = '', prepaid, cod, zoneOrDays = ''] = cells;
    const serviceable = yesNo(prepaid);
    const codOk = yesNo(cod);
    const days = /^\d{1,2}$/.test(zoneOrDays) ? Number(zoneOrDays) : null;
    if (!/^[1-9]\d{5}$/.test(pincode) || serviceable === null || codOk === null || zoneOrDays.length > 20) {
      throw fieldRefusal('csv', 'delivery_csv_invalid', { line: index + 1 });
    }
    rows.push({ pincode, serviceable, cod: serviceable && codOk, zone: days === null && zoneOrDays !== '' ? zoneOrDays : null, transitDays: days });
  });
  return rows;
}

export interface ImportResult {
  /** Pincodes of the file found in the directory and updated. */
  updated: number;
  /** Pincodes of the file the directory does not know (left out; the first 20 are listed). */
  unknown: number;
  unknownPincodes: string[];
}

/**
 * Applies a carrier's serviceability file (issue 22). `replace`: every pincode not in the file becomes unserviceable
 * first (the carrier's list is the whole truth); `update`: only the file's pincodes change. One transaction, one
 * statement per step: the rows travel as one JSON parameter.
 */
export async function importServiceability(db: Database, actor: RequestUser, input: { csv: string; mode: 'update' | 'replace' }): Promise<ImportResult> {
  const rows = parseServiceabilityCsv(input.csv);
  return db.transaction(async (tx) => {
    if (input.mode === 'replace') {
      await tx.execute(sql`update pincodes set serviceable = false, cod = false, zone = null, transit_days = null, updated_at = now()`);
    }
    const result: unknown = await tx.execute(sql`
      update pincodes p
      set serviceable = r.serviceable, cod = r.cod, zone = r.zone, transit_days = r.transit_days, updated_at = now()
      from json_to_recordset(${JSON.stringify(rows.map((row) => ({ ...row, transit_days: row.transitDays })))}::json)
        as r(pincode text, serviceable boolean, cod boolean, zone text, transit_days integer)
      where p.pincode = r.pincode
      returning p.pincode`);
    const updated = new Set(resultRows<{ pincode: string }>(result).map((row) => row.pincode));
    const unknown = [...new Set(rows.map((row) => row.pincode))].filter((pincode) => !updated.has(pincode));
    const summary = { mode: input.mode, lines: rows.length, updated: updated.size, unknown: unknown.length };
    await recordAudit(tx, actor, { action: 'delivery.serviceability_import', entityType: 'pincodes', before: null, after: summary });
    return { updated: updated.size, unknown: unknown.length, unknownPincodes: unknown.slice(0, 20) };
  });
}

/** node-postgres answers `{ rows }`, PGlite's drizzle driver too; both shapes are read here. */
function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
