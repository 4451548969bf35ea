import type { AuditEntryView } from '@shop/domain/admin/staff';
import Link from 'next/link';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { FormMessage } from '@modules/auth/components/form-controls';
import { Card, formatWhen, ListOrEmpty } from '@modules/admin/inbox/components/inbox-parts';
import { Pager } from '@modules/admin/components/pager';
import type { Page } from '@modules/admin/inbox/lib/inbox-api';
import { AuditDiff } from '../components/audit-diff';
import { auditHref, type AuditFilterValues } from '../lib/audit-filters';

function Field({ name, label, value, type = 'text' }: { name: string; label: string; value: string; type?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={`audit-${name}`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={`audit-${name}`}
        name={name}
        type={type}
        defaultValue={value}
        className="min-h-11 rounded-lg border border-line bg-white px-3 py-2 text-base"
      />
    </div>
  );
}

/** /admin/audit (admins): who changed what and when, filtered in the URL (a GET form), with a field-by-field diff. */
export function AuditPage({ list, values, error, t }: { list: Page<AuditEntryView>; values: AuditFilterValues; error: string | null; t: AdminTranslate }) {
  return (
    <>
      <AdminHeading title={t('audit.title')} intro={t('audit.intro')} />
      <form action="/admin/audit" method="get" className="mb-4 grid gap-3 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field name="entityType" label={t('audit.entityType')} value={values.entityType} />
        <Field name="entityId" label={t('audit.entityId')} value={values.entityId} />
        <Field name="actor" label={t('audit.actor')} value={values.actor} />
        <Field name="from" label={t('audit.from')} value={values.from} type="date" />
        <Field name="to" label={t('audit.to')} value={values.to} type="date" />
        <div className="flex items-end gap-2">
          <button type="submit" className="min-h-11 rounded-full bg-brand px-5 text-sm font-semibold text-white">
            {t('audit.show')}
          </button>
          <Link href="/admin/audit" prefetch={false} className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm">
            {t('audit.clear')}
          </Link>
        </div>
      </form>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <ListOrEmpty count={list.data.length} total={list.total} t={t}>
        {list.data.map((entry) => (
          <Card key={entry._id} testId="audit-entry">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-mono text-sm font-semibold">{entry.action}</p>
              <p className="text-sm text-muted">{formatWhen(entry.at)}</p>
            </div>
            <p className="mt-1 text-sm">
              {t('audit.by', { email: entry.actorEmail || entry.actorUserId || '?', role: entry.actorRole })} ·{' '}
              <Link
                href={auditHref({ ...values, entityType: entry.entityType, entityId: entry.entityId ?? '', page: 1 }, 1)}
                prefetch={false}
                className="text-brand underline"
              >
                {entry.entityType}
                {entry.entityId ? ` ${entry.entityId}` : ''}
              </Link>
            </p>
            <AuditDiff before={entry.before} after={entry.after} t={t} />
          </Card>
        ))}
      </ListOrEmpty>
      <Pager page={values.page} total={list.total} limit={list.limit} hasMore={list.hasMore} href={(page) => auditHref(values, page)} t={t} section="inbox" />
    </>
  );
}
