import { useTranslations } from 'next-intl';
import { SearchIcon } from '@modules/common/components/icons';

interface SearchFormProps {
  id: string;
  className?: string;
  defaultValue?: string;
  /**
   * The header's form is the page's search landmark. A second one in the page (the 404's) leaves it out: two search
   * landmarks with the same name are two identical stops for a screen reader's landmark navigation.
   */
  landmark?: boolean;
}

/** GET form to /search?q=…: works without JavaScript. */
export function SearchForm({ id, className = '', defaultValue, landmark = true }: SearchFormProps) {
  const t = useTranslations('shell.header');
  return (
    <form action="/search" method="get" role={landmark ? 'search' : undefined} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('searchLabel')}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={t('searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        className="h-11 w-full rounded-full border border-line bg-surface ps-4 pe-12 text-sm text-ink placeholder:text-muted focus:border-brand focus:bg-white focus:outline-none focus-visible:outline-2 focus-visible:outline-brand"
      />
      <button
        type="submit"
        aria-label={t('searchSubmit')}
        className="absolute inset-y-1 end-1 flex w-9 items-center justify-center rounded-full text-muted hover:bg-brand hover:text-white"
      >
        <SearchIcon width={18} height={18} />
      </button>
    </form>
  );
}
