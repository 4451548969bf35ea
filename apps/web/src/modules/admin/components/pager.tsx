import Link from 'next/link';
import type { AdminTranslate } from '@modules/admin/lib/texts';

/**
 * Previous / "Page 2 of 5" / Next under a back-office list. `section` names where the area's texts keep
 * `previous`, `next` and `page` ("list" for orders and products, "inbox" for the inbox and the audit log).
 */
export function Pager({
  page,
  total,
  limit,
  hasMore,
  href,
  t,
  section,
}: {
  page: number;
  total: number;
  limit: number;
  hasMore: boolean;
  href: (page: number) => string;
  t: AdminTranslate;
  section: 'list' | 'inbox';
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && page <= 1) return null;
  const link = 'inline-flex min-h-11 items-center rounded-full border border-line px-4';
  return (
    <nav aria-label={t(`${section}.page`, { page, pages })} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className={link}>
          {t(`${section}.previous`)}
        </Link>
      ) : (
        <span />
      )}
      <span>{t(`${section}.page`, { page, pages })}</span>
      {hasMore ? (
        <Link href={href(page + 1)} className={link}>
          {t(`${section}.next`)}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
