'use client';

import Link from 'next/link';
import { useState, type MouseEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { MenuItem } from '@shop/domain/catalogue';
import { Drawer, DrawerHeader } from '@modules/common/components/drawer';
import { ChevronDownIcon } from '@modules/common/components/icons';
import { useUI } from '@modules/common/ui-store';
import { LanguageSwitcher } from './language-switcher';
import { isLinkClick, SubmenuLinks } from './submenu-links';

const subLinkClass = 'block rounded-md px-3 py-2 text-[15px] text-ink/90 hover:bg-brand-soft hover:text-brand';

/**
 * The mobile menu (mirrors the header menu) in a drawer from the start edge, with expandable submenus. Loaded the
 * first time it opens (LazyOverlays), inside the overlays' next-intl provider.
 */
export function MobileSidebar({ items, siteName }: { items: MenuItem[]; siteName: string }) {
  const t = useTranslations('shell');
  const open = useUI((s) => s.displaySidebar);
  const closeSidebar = useUI((s) => s.closeSidebar);
  const [expanded, setExpanded] = useState<string | null>(null);
  // Following any menu link closes the menu (one handler for all of them).
  const onNavClick = (event: MouseEvent) => isLinkClick(event.target) && closeSidebar();

  return (
    <Drawer open={open} onClose={closeSidebar} side="start" labelledBy="mobile-sidebar-title">
      <div id="mobile-sidebar" className="flex h-full flex-col">
        <DrawerHeader
          titleId="mobile-sidebar-title"
          title={
            <>
              {t('sidebar.title')}
              <span className="sr-only"> – {siteName}</span>
            </>
          }
          closeLabel={t('sidebar.close')}
          onClose={closeSidebar}
        />
        <nav aria-labelledby="mobile-sidebar-title" className="flex-1 overflow-y-auto px-2 py-2" onClick={onNavClick}>
          <ul>
            {items.map((item) => {
              const sub = item.subMenu ?? [];
              const isOpen = expanded === item.id;
              const panelId = `mobile-sub-${item.id}`;
              return (
                <li key={item.id} className="border-b border-line/70 last:border-0">
                  <div className="flex items-center">
                    <Link prefetch={false} href={item.path} className="flex-1 px-3 py-3 font-medium hover:text-brand">
                      {item.label}
                    </Link>
                    {sub.length > 0 ? (
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        aria-controls={panelId}
                        aria-label={t('sidebar.expand', { label: item.label })}
                        onClick={() => setExpanded(isOpen ? null : item.id)}
                        className="flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-brand-soft"
                      >
                        <ChevronDownIcon width={18} height={18} className={`transition-transform duration-200 ${isOpen ? 'rotate-180' : ''}`} />
                      </button>
                    ) : null}
                  </div>
                  {sub.length > 0 ? (
                    <ul id={panelId} hidden={!isOpen} className="pb-2 ps-4">
                      <SubmenuLinks items={sub} linkClassName={subLinkClass} />
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-line px-4 py-4 text-ink">
          <LanguageSwitcher label={t('language.label')} />
        </div>
      </div>
    </Drawer>
  );
}
