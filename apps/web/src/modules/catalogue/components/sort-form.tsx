import { useTranslations } from 'next-intl';
import { productSorts } from '@shop/domain/catalogue';
import type { ListingState } from '../lib/listing-params';
import { HiddenListingFields } from './hidden-listing-fields';
import { AutoSubmitSelect } from './sort-select';

/** Sort order as its own small GET form; it carries the current filters along and starts again at page 1. */
export function SortForm({ action, state, keepCategory = true }: { action: string; state: ListingState; keepCategory?: boolean }) {
  const t = useTranslations('catalogue.sort');
  return (
    <form method="get" action={action} className="flex items-center gap-2">
      <HiddenListingFields state={state} omit={['sort', 'page', ...(keepCategory ? [] : (['category'] as const))]} />
      <label htmlFor="sort" className="text-sm whitespace-nowrap text-muted">
        {t('label')}
      </label>
      <AutoSubmitSelect id="sort" name="sort" defaultValue={state.sort} className="h-10 rounded-lg border border-line bg-white ps-3 pe-8 text-sm text-ink">
        {productSorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(sort)}
          </option>
        ))}
      </AutoSubmitSelect>
      <noscript>
        <button type="submit" className="h-10 rounded-lg bg-ink px-3 text-sm font-semibold text-white">
          {t('apply')}
        </button>
      </noscript>
    </form>
  );
}
