import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ShopText } from './shop-text';

export interface BreadcrumbItem {
  label: string;
  /** Omitted on the current page (the last item). */
  href?: string;
  /** The label is the shop's own content (a category or product name), in English on every page (ShopText). */
  shopText?: boolean;
}

/** Trail of links to the current page; the last item is marked aria-current. */
export function Breadcrumbs({ items, className = '' }: { items: BreadcrumbItem[]; className?: string }) {
  const t = useTranslations('shell.breadcrumbs');
  return (
    <nav aria-label={t('label')} className={`text-sm text-muted ${className}`}>
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          const label = item.shopText ? <ShopText>{item.label}</ShopText> : item.label;
          return (
            <li key={`${item.label}-${index}`} className="flex items-center gap-1">
              {item.href && !last ? (
                <Link href={item.href} prefetch={false} className="rounded hover:text-brand hover:underline">
                  {label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-ink' : undefined}>
                  {label}
                </span>
              )}
              {!last ? (
                <span aria-hidden="true" className="px-1 text-line">
                  /
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
