import { useTranslations } from 'next-intl';

/**
 * The search box of /search, a plain GET form prefilled with the current query. Not a search landmark: the header's
 * form is the page's one, and a second with the same name would be an identical stop in landmark navigation.
 */
export function SearchForm({ q }: { q: string }) {
  const t = useTranslations('catalogue.search');
  return (
    <form method="get" action="/search" className="flex w-full max-w-2xl gap-2">
      <label htmlFor="search-q" className="sr-only">
        {t('label')}
      </label>
      <input
        id="search-q"
        name="q"
        type="search"
        defaultValue={q}
        placeholder={t('placeholder')}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        className="h-12 min-w-0 flex-1 rounded-xl border border-line bg-white px-4 text-base text-ink placeholder:text-muted focus:border-brand"
      />
      <button type="submit" className="h-12 shrink-0 rounded-xl bg-brand px-5 text-sm font-semibold text-white hover:bg-brand-strong">
        {t('submit')}
      </button>
    </form>
  );
}
