import { reportKinds, reportStatuses, type InboxReport } from '@shop/domain/admin/inbox';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { setReportHandled } from '../actions';
import { ActionButton } from '../components/action-button';
import { Card, FilterForm, formatWhen, InboxTabs, ListOrEmpty, withQuery } from '../components/inbox-parts';
import { Pager } from '@modules/admin/components/pager';
import type { Page } from '../lib/inbox-api';

type Filters = { status: (typeof reportStatuses)[number]; kind: (typeof reportKinds)[number]; page: number };

/** /admin/inbox: contact messages and complaints (a complaint carries its key, spec §7), open ones first. */
export function ReportsPage({ list, filters, t }: { list: Page<InboxReport>; filters: Filters; t: AdminTranslate }) {
  const href = (page: number) => withQuery('/admin/inbox', { status: filters.status, kind: filters.kind, page });
  return (
    <>
      <AdminHeading title={t('inbox.title')} intro={t('inbox.intro')} />
      <InboxTabs current="reports" t={t} />
      <FilterForm
        action="/admin/inbox"
        t={t}
        selects={[
          {
            name: 'status',
            label: t('reports.status'),
            value: filters.status,
            options: reportStatuses.map((value) => ({ value, label: t(`reports.statusOptions.${value}`) })),
          },
          {
            name: 'kind',
            label: t('reports.kind'),
            value: filters.kind,
            options: reportKinds.map((value) => ({ value, label: t(`reports.kindOptions.${value}`) })),
          },
        ]}
      />
      <ListOrEmpty count={list.data.length} total={list.total} t={t}>
        {list.data.map((report) => (
          <Card key={report._id} testId="report">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 className="font-semibold text-ink">{report.key ? t('reports.complaintAbout', { key: report.key }) : t('reports.contactMessage')}</h2>
              <p className="text-sm text-muted">{t('reports.received', { date: formatWhen(report.createdAt) })}</p>
            </div>
            <p className="mt-1 text-sm">
              {t('reports.from', { name: report.name })} ·{' '}
              <a className="text-brand underline" href={`mailto:${report.email}`}>
                {report.email}
              </a>{' '}
              ·{' '}
              <a className="text-brand underline" href={`tel:+91${report.contactNumber}`} dir="ltr">
                {report.contactNumber}
              </a>
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words">{report.message}</p>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              {report.handledAt ? (
                <>
                  <span className="text-sm font-medium text-success">{t('reports.handledOn', { date: formatWhen(report.handledAt) })}</span>
                  <ActionButton label={t('reports.reopen')} done={t('reports.reopened')} run={setReportHandled.bind(null, report._id, false)} />
                </>
              ) : (
                <ActionButton
                  label={t('reports.markHandled')}
                  done={t('reports.markedHandled')}
                  run={setReportHandled.bind(null, report._id, true)}
                  tone="primary"
                />
              )}
            </div>
          </Card>
        ))}
      </ListOrEmpty>
      <Pager page={filters.page} total={list.total} limit={list.limit} hasMore={list.hasMore} href={href} t={t} section="inbox" />
    </>
  );
}
