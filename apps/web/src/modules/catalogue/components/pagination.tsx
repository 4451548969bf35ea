import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { pageWindow } from '../lib/page-window';

interface PaginationProps {
  page: number;
  totalPages: number;
  /** Builds the link for a page, keeping the other query parameters. */
  hrefFor: (page: number) => string;
}

const itemClass = 'inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-medium transition-colors';

/** Page links (plain anchors, so they work without JavaScript and can be crawled). */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  const t = useTranslations('catalogue.pagination');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('label')} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link prefetch={false} href={hrefFor(page - 1)} rel="prev" className={`${itemClass} border-line text-ink hover:border-brand hover:text-brand`}>
              <span aria-hidden="true" className="inline-block rtl:rotate-180">
                ‹
              </span>
              <span className="ms-1">{t('previous')}</span>
            </Link>
          ) : null}
        </li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${itemClass} border-brand bg-brand text-white`}>
                  <span className="sr-only">{t('page')} </span>
                  {p}
                </span>
              ) : (
                <Link prefetch={false} href={hrefFor(p)} className={`${itemClass} border-line text-ink hover:border-brand hover:text-brand`}>
                  <span className="sr-only">{t('page')} </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link prefetch={false} href={hrefFor(page + 1)} rel="next" className={`${itemClass} border-line text-ink hover:border-brand hover:text-brand`}>
              <span className="me-1">{t('next')}</span>
              <span aria-hidden="true" className="inline-block rtl:rotate-180">
                ›
              </span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
