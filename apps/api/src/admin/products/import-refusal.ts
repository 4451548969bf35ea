import type { ImportRowError } from '@shop/domain/admin/products';
import type { FieldRefusal, RefusalBody } from '@shop/domain/refusals/index';
import { Refusal } from '../../lib/refusal.ts';

/**
 * A refused CSV import: `import_problems` (or, for one problem, `import_problem` naming it) with every problem by row
 * and column in `rows`, each coded like any field refusal, beside the usual `errors` (keyed "row 4, price"). Thrown
 * inside the import's transaction it rolls every row back.
 */
export class ImportRefusal extends Refusal {
  readonly rows: ImportRowError[];

  constructor(problems: readonly ImportRowError[]) {
    const rows = [...problems].sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
    const errors: Record<string, FieldRefusal> = {};
    for (const { row, column, ...problem } of rows) errors[`row ${row}${column ? `, ${column}` : ''}`] ??= problem;
    const [head] = rows;
    if (rows.length === 1 && head) {
      super(head.column ? 'import_problem' : 'import_row_problem', {
        params: { row: head.row, problem: head.message, ...(head.column ? { column: head.column } : {}) },
        errors,
      });
    } else {
      super('import_problems', { params: { count: rows.length }, errors });
    }
    this.rows = rows;
  }

  override get body(): RefusalBody & { rows: ImportRowError[] } {
    return { ...super.body, rows: this.rows };
  }
}
