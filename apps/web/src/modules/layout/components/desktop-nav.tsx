import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { MenuItem } from '@shop/domain/catalogue';
import { DesktopSubmenu } from './desktop-submenu';
import { topLinkClass } from './submenu-links';

/**
 * The header menu on wide screens, rendered on the server. Items with a submenu are small client leaves
 * (DesktopSubmenu) that draw their panel the first time it opens, so a page hydrates five links here, not forty.
 */
export async function DesktopNav({ items }: { items: MenuItem[] }) {
  const t = await getTranslations('shell.header');
  return (
    <nav aria-label={t('mainNav')} className="hidden border-t border-line lg:block">
      <ul className="mx-auto flex max-w-7xl items-center gap-1 px-8">
        {items.map((item) =>
          item.subMenu && item.subMenu.length > 0 ? (
            <DesktopSubmenu key={item.id} item={item} toggleLabel={t('showSubmenu', { label: item.label })} />
          ) : (
            <li key={item.id}>
              <Link prefetch={false} href={item.path} className={topLinkClass}>
                {item.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
