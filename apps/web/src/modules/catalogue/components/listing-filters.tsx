import { useTranslations } from 'next-intl';
import type { ComponentProps } from 'react';
import { ChevronDownIcon } from '@modules/common/components/icons';
import { FilterForm } from './filter-form';

type Props = Omit<ComponentProps<typeof FilterForm>, 'idPrefix'> & { activeCount: number };

/**
 * The filter form twice: folded into a <details> on phones and tablets, always open in a sidebar on
 * desktops. Two copies keep both layouts script-free; each has its own ids.
 */
export function ListingFilters({ activeCount, ...props }: Props) {
  const t = useTranslations('catalogue.filters');
  return (
    <>
      <details className="group rounded-xl border border-line bg-white lg:hidden" open={false}>
        <summary className="flex h-11 cursor-pointer list-none items-center justify-between px-4 text-sm font-semibold text-ink [&::-webkit-details-marker]:hidden">
          <span>
            {t('title')}
            {activeCount > 0 ? <span className="ms-2 rounded-full bg-brand px-2 py-0.5 text-xs text-white">{activeCount}</span> : null}
          </span>
          <ChevronDownIcon width={18} height={18} className="transition-transform group-open:rotate-180" />
        </summary>
        <div className="px-4 pb-4">
          <FilterForm idPrefix="filters-m" {...props} />
        </div>
      </details>
      <aside aria-label={t('title')} className="hidden lg:block">
        <h2 className="mb-4 font-sans text-sm font-semibold tracking-wide text-muted uppercase">{t('title')}</h2>
        <FilterForm idPrefix="filters-d" {...props} />
      </aside>
    </>
  );
}
