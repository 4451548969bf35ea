import type { Database } from '@shop/db';
import type { ImportRowError } from '@shop/domain/admin/products';
import { fieldRefusal as refusalOf } from '@shop/domain/refusals/index';
import { sql } from 'drizzle-orm';
import type { RequestUser } from '../auth/request-user.ts';
import { recordAudit } from '../admin/audit.ts';
import { ImportRefusal } from '../admin/products/import-refusal.ts';

/** One line of a carrier's serviceability file: pincode, prepaid yes/no, COD yes/no, zone or transit days. */
export interface ServiceabilityRow {
  pincode: string;
  serviceable: boolean;
  cod: boolean;
  zone: string | null;
  transitDays: number | null;
}

/** The file's columns in order, as a problem names them. */
const COLUMNS = ['pincode', 'prepaid', 'cod', 'zone'] as const;

const YES = new Set(['y', 'yes', 'true', '1']);
const NO = new Set(['n', 'no', 'false', '0']);

function yesNo(cell: string | undefined): boolean | null {
  const value = (cell ?? '').trim().toLowerCase();
  return YES.has(value) ? true : NO.has(value) ? false : null;
}

/**
 * Reads the file (commas or semicolons, an optional header line, blank lines skipped). Every problem is collected by
 * row (the file's line number) and column, and any problem refuses the whole file (the products import's refusal,
 * decision 029), so a half-applied import never happens.
 */
export function parseServiceabilityCsv(csv: string): ServiceabilityRow[] {
  const rows: ServiceabilityRow[] = [];
  const problems: ImportRowError[] = [];
  const problem = (row: number, column: string, refusal: ReturnType<typeof refusalOf>) => problems.push({ row, column, ...refusal });
  const seen = new Map<string, number>();
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    const row = index + 1;
    if (line.trim() === '') return;
    const cells = line.split(/[,;]/).map((cell) => cell.trim().replace(/^"|"$/g, '').trim());
    if (index === 0 && !/^\d/.test(cells[0] ?? '')) return; // the header
    if (cells.length < 3) {
      problem(row, '', refusalOf('delivery_csv_invalid', { line: row }));
      return;
    }
    const [pincode = '', prepaid, cod, zoneOrDays = ''] = cells;
    const serviceable = yesNo(prepaid);
    const codOk = yesNo(cod);
    const days = /^\d{1,2}$/.test(zoneOrDays) ? Number(zoneOrDays) : null;
    const before = problems.length;
    if (!/^[1-9]\d{5}$/.test(pincode)) problem(row, COLUMNS[0], refusalOf('delivery_pincode_invalid'));
    else if (seen.has(pincode)) problem(row, COLUMNS[0], refusalOf('admin_appears_twice'));
    if (serviceable === null) problem(row, COLUMNS[1], refusalOf('import_yes_no'));
    if (codOk === null) problem(row, COLUMNS[2], refusalOf('import_yes_no'));
    if (zoneOrDays.length > 20 || (days !== null && days > 60)) problem(row, COLUMNS[3], refusalOf('delivery_csv_zone'));
    seen.set(pincode, row);
    if (problems.length > before) return;
    rows.push({
      pincode,
      serviceable: serviceable!,
      cod: serviceable! && codOk!,
      zone: days === null && zoneOrDays !== '' ? zoneOrDays : null,
      transitDays: days,
    });
  });
  if (problems.length === 0 && rows.length === 0) problem(1, '', refusalOf('delivery_csv_empty'));
  if (problems.length > 0) throw new ImportRefusal(problems);
  return rows;
}

export interface ImportResult {
  /** True: checked and counted, then rolled back (the back office's preview). */
  dryRun: boolean;
  /** Pincode lines read from the file. */
  rows: number;
  /** Pincodes of the file found in the directory and updated; of those, how many are served, and with COD. */
  updated: number;
  serviceable: number;
  cod: number;
  /** `replace`: pincodes served before and not in the file, now unserviceable. */
  switchedOff: number;
  /** Pincodes of the file the directory does not know (left out; the first 20 are listed). */
  unknown: number;
  unknownPincodes: string[];
}

class DryRunDone extends Error {}

/**
 * Applies a carrier's serviceability file (issue 22). `replace`: every served pincode not in the file becomes
 * unserviceable first (the carrier's list is the whole truth); `update`: only the file's pincodes change. One
 * transaction, one statement per step: the rows travel as one JSON parameter. A dry run does the same and rolls back.
 */
export async function importServiceability(
  db: Database,
  actor: RequestUser,
  input: { csv: string; mode: 'update' | 'replace'; dryRun?: boolean },
): Promise<ImportResult> {
  const rows = parseServiceabilityCsv(input.csv);
  const json = JSON.stringify(rows.map((row) => ({ ...row, transit_days: row.transitDays })));
  let result: ImportResult | undefined;
  try {
    await db.transaction(async (tx) => {
      let switchedOff = 0;
      if (input.mode === 'replace') {
        const off: unknown = await tx.execute(sql`
          update pincodes p
          set serviceable = false, cod = false, zone = null, transit_days = null, updated_at = now()
          where p.serviceable and not exists (select 1 from json_to_recordset(${json}::json) as r(pincode text) where r.pincode = p.pincode)
          returning p.pincode`);
        switchedOff = resultRows(off).length;
      }
      const applied: unknown = await tx.execute(sql`
        update pincodes p
        set serviceable = r.serviceable, cod = r.cod, zone = r.zone, transit_days = r.transit_days, updated_at = now()
        from json_to_recordset(${json}::json)
          as r(pincode text, serviceable boolean, cod boolean, zone text, transit_days integer)
        where p.pincode = r.pincode
        returning p.pincode, p.serviceable, p.cod`);
      const updated = resultRows<{ pincode: string; serviceable: boolean; cod: boolean }>(applied);
      const known = new Set(updated.map((row) => row.pincode));
      const unknown = rows.map((row) => row.pincode).filter((pincode) => !known.has(pincode));
      result = {
        dryRun: input.dryRun === true,
        rows: rows.length,
        updated: updated.length,
        serviceable: updated.filter((row) => row.serviceable).length,
        cod: updated.filter((row) => row.cod).length,
        switchedOff,
        unknown: unknown.length,
        unknownPincodes: unknown.slice(0, 20),
      };
      if (input.dryRun) throw new DryRunDone();
      const { unknownPincodes: _list, dryRun: _dry, ...summary } = result;
      await recordAudit(tx, actor, { action: 'delivery.serviceability_import', entityType: 'pincodes', before: null, after: { mode: input.mode, ...summary } });
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
  return result!;
}

/** node-postgres answers `{ rows }`, PGlite's drizzle driver too; both shapes are read here. */
function resultRows<T = unknown>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
