import Link from 'next/link';
import type { ReactNode } from 'react';
import type { AdminTranslate } from '@modules/admin/lib/texts';

/** The inbox's sub-pages, as tabs (links: each is its own page and URL). */
const inboxTabs = [
  { key: 'reports', href: '/admin/inbox' },
  { key: 'feedback', href: '/admin/inbox/feedback' },
  { key: 'reviews', href: '/admin/inbox/reviews' },
  { key: 'subscribers', href: '/admin/inbox/subscribers' },
  { key: 'errors', href: '/admin/inbox/errors' },
] as const;

type InboxTab = (typeof inboxTabs)[number]['key'];

export function InboxTabs({ current, t }: { current: InboxTab; t: AdminTranslate }) {
  return (
    // Wraps rather than scrolls: on a phone all five sections stay in view.
    <nav aria-label={t('inbox.tabsLabel')} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {inboxTabs.map((tab) => (
          <li key={tab.key}>
            <Link
              href={tab.href}
              prefetch={false}
              aria-current={tab.key === current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 py-2 text-sm font-medium ${tab.key === current ? 'border-brand bg-brand text-white' : 'border-line bg-white hover:bg-surface'}`}
            >
              {t(`inbox.tabs.${tab.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A GET form of selects: the filters live in the URL, and work without JavaScript. */
export function FilterForm({
  action,
  selects,
  t,
}: {
  action: string;
  selects: { name: string; label: string; value: string; options: { value: string; label: string }[] }[];
  t: AdminTranslate;
}) {
  return (
    <form action={action} method="get" aria-label={t('inbox.filtersLabel')} className="mb-4 flex flex-wrap items-end gap-3">
      {selects.map((select) => (
        <div key={select.name} className="flex flex-col gap-1.5">
          <label htmlFor={`filter-${select.name}`} className="text-sm font-medium text-ink">
            {select.label}
          </label>
          <select
            id={`filter-${select.name}`}
            name={select.name}
            defaultValue={select.value}
            className="min-h-11 rounded-lg border border-line bg-white px-3 py-2 text-base"
          >
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="min-h-11 rounded-full border border-line bg-white px-4 text-sm font-semibold hover:bg-surface">
        {t('inbox.apply')}
      </button>
    </form>
  );
}

/** One item of an inbox list: a card on every screen size (the lists are text, not columns of numbers). */
export function Card({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <li className="rounded-xl border border-line bg-white p-4" data-testid={testId}>
      {children}
    </li>
  );
}

export function ListOrEmpty({ count, total, t, children }: { count: number; total: number; t: AdminTranslate; children: ReactNode }) {
  return (
    <>
      {total > 0 ? (
        <p className="mb-2 text-sm text-muted" role="status">
          {t('inbox.count', { total })}
        </p>
      ) : null}
      {count === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-muted">{t('inbox.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">{children}</ul>
      )}
    </>
  );
}

export const formatWhen = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/** A URL with the given query values (empty ones left out). */
export function withQuery(path: string, values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
