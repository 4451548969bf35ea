import { auditChanges } from '@shop/domain/admin/staff';
import type { AdminTranslate } from '@modules/admin/lib/texts';

const show = (value: unknown, empty: string) => (value === undefined || value === null ? empty : typeof value === 'string' ? value : JSON.stringify(value));

/** Before and after of one audit row as the fields that changed: one row per field, nested fields by path. */
export function AuditDiff({ before, after, t }: { before: unknown; after: unknown; t: AdminTranslate }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <p className="mt-2 text-sm text-muted">{t('audit.noChanges')}</p>;
  const empty = t('audit.nothing');
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={t('audit.changesLabel')}>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1 pe-3 font-medium">
              {t('audit.field')}
            </th>
            <th scope="col" className="py-1 pe-3 font-medium">
              {t('audit.before')}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('audit.after')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line align-top">
          {changes.map((change) => (
            <tr key={change.path || '(value)'}>
              <th scope="row" className="py-1 pe-3 font-mono text-xs font-medium">
                {change.path || '·'}
              </th>
              <td className="break-all py-1 pe-3">
                <del className="text-danger decoration-danger/50">{show(change.before, empty)}</del>
              </td>
              <td className="break-all py-1">
                <ins className="text-success no-underline">{show(change.after, empty)}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
