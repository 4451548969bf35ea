import type { ImportRowError } from '@shop/domain/admin/products';
import { FormMessage } from '@modules/auth/components/form-controls';

export interface ImportFailureState {
  message: string;
  /** Every problem the API found in the file, by row and column; empty when the failure is not about rows. */
  rows: ImportRowError[];
}

/** The headings of the problems table, in the page's language. */
export interface ImportProblemLabels {
  caption: string;
  row: string;
  column: string;
  message: string;
}

/**
 * Why a CSV import wrote nothing: the message, then every problem as a table of row, column and message. Shared by the
 * product import and the delivery serviceability import, which get the same error shape from the API.
 */
export function ImportFailure({ failure, labels, testId }: { failure: ImportFailureState; labels: ImportProblemLabels; testId: string }) {
  return (
    <div className="flex flex-col gap-3">
      <FormMessage tone="error">{failure.message}</FormMessage>
      {failure.rows.length > 0 ? (
        <div className="overflow-x-auto rounded-xl border border-line">
          <table className="w-full text-left text-sm" data-testid={testId}>
            <caption className="sr-only">{labels.caption}</caption>
            <thead className="bg-surface text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {labels.row}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {labels.column}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {labels.message}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {failure.rows.map((row) => (
                <tr key={`${row.row}-${row.column}`}>
                  <td className="px-3 py-2">{row.row}</td>
                  <td className="px-3 py-2 font-mono">{row.column}</td>
                  <td className="px-3 py-2">{row.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
