import type { InboxErrorLog } from '@shop/domain/admin/inbox';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { Card, formatWhen, InboxTabs, ListOrEmpty, withQuery } from '../components/inbox-parts';
import { Pager } from '@modules/admin/components/pager';
import { PruneForm } from '../components/prune-form';
import type { Page } from '../lib/inbox-api';

/** /admin/inbox/errors: what shoppers' browsers reported through /api/log, newest first; old ones can be deleted. */
export function ErrorLogsPage({ list, page, t }: { list: Page<InboxErrorLog>; page: number; t: AdminTranslate }) {
  return (
    <>
      <AdminHeading title={t('inbox.title')} intro={t('inbox.intro')} />
      <InboxTabs current="errors" t={t} />
      <PruneForm texts={{ label: t('errors.pruneLabel'), submit: t('errors.prune'), hint: t('errors.pruneHint') }} />
      <ListOrEmpty count={list.data.length} total={list.total} t={t}>
        {list.data.map((log) => (
          <Card key={log._id} testId="error-log">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="break-words font-mono text-sm font-semibold">{log.message}</p>
              <p className="text-sm text-muted">{formatWhen(log.createdAt)}</p>
            </div>
            <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="text-muted">{t('errors.url')}</dt>
              <dd className="break-all" dir="ltr">
                {log.url || '—'}
              </dd>
              <dt className="text-muted">{t('errors.userAgent')}</dt>
              <dd className="break-words">{log.userAgent || '—'}</dd>
            </dl>
            {log.stack ? (
              <details className="mt-2">
                <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium">{t('errors.stack')}</summary>
                <pre className="overflow-x-auto whitespace-pre rounded-lg bg-surface p-3 text-xs" dir="ltr">
                  {log.stack}
                </pre>
              </details>
            ) : null}
          </Card>
        ))}
      </ListOrEmpty>
      <Pager
        page={page}
        total={list.total}
        limit={list.limit}
        hasMore={list.hasMore}
        href={(next) => withQuery('/admin/inbox/errors', { page: next })}
        t={t}
        section="inbox"
      />
    </>
  );
}
