import { subscriberFilters, type InboxSubscriber } from '@shop/domain/admin/inbox';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { Card, FilterForm, formatWhen, InboxTabs, ListOrEmpty, withQuery } from '../components/inbox-parts';
import { Pager } from '@modules/admin/components/pager';
import type { Page } from '../lib/inbox-api';

type Filters = { status: (typeof subscriberFilters)[number]; page: number };

/**
 * /admin/inbox/subscribers: newsletter sign-ups with their status. The CSV download is a plain link to the API
 * (through the storefront's /api forward, with the staff member's cookie), for the same status filter.
 */
export function SubscribersPage({ list, filters, t }: { list: Page<InboxSubscriber>; filters: Filters; t: AdminTranslate }) {
  const exportHref = withQuery('/api/admin/subscribers/export', { status: filters.status === 'all' ? undefined : filters.status });
  return (
    <>
      <AdminHeading
        title={t('inbox.title')}
        intro={t('inbox.intro')}
        actions={
          <a href={exportHref} download className="inline-flex min-h-11 items-center rounded-full bg-brand px-4 text-sm font-semibold text-white">
            {t('subscribers.export')}
          </a>
        }
      />
      <InboxTabs current="subscribers" t={t} />
      <FilterForm
        action="/admin/inbox/subscribers"
        t={t}
        selects={[
          {
            name: 'status',
            label: t('subscribers.status'),
            value: filters.status,
            options: subscriberFilters.map((value) => ({ value, label: t(`subscribers.statusOptions.${value}`) })),
          },
        ]}
      />
      <ListOrEmpty count={list.data.length} total={list.total} t={t}>
        {list.data.map((subscriber) => (
          <Card key={subscriber._id} testId="subscriber">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="break-all font-medium">{subscriber.email}</p>
              <span className="rounded-full bg-surface px-3 py-1 text-sm">{t(`subscribers.statusOptions.${subscriber.status}`)}</span>
            </div>
            <p className="mt-1 text-sm text-muted">{t('subscribers.since', { date: formatWhen(subscriber.createdAt) })}</p>
          </Card>
        ))}
      </ListOrEmpty>
      <Pager
        page={filters.page}
        total={list.total}
        limit={list.limit}
        hasMore={list.hasMore}
        href={(page) => withQuery('/admin/inbox/subscribers', { status: filters.status, page })}
        t={t}
        section="inbox"
      />
    </>
  );
}
