'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { MenuItem } from '@shop/domain/catalogue';
import { Drawer } from '@modules/common/components/drawer';
import { ChevronDownIcon, CloseIcon } from '@modules/common/components/icons';
import { useUI } from '@modules/common/ui-store';
import { LanguageSwitcher } from './language-switcher';

/** The mobile menu (mirrors the header menu) in a drawer from the start edge, with expandable submenus. */
export function MobileSidebar({ items, siteName }: { items: MenuItem[]; siteName: string }) {
  const t = useTranslations('shell.sidebar');
  const open = useUI((s) => s.displaySidebar);
  const closeSidebar = useUI((s) => s.closeSidebar);
  const [expanded, setExpanded] = useState<string | null>(null);

  return (
    <Drawer open={open} onClose={closeSidebar} side="start" labelledBy="mobile-sidebar-title">
      <div id="mobile-sidebar" className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <h2 id="mobile-sidebar-title" className="text-lg font-semibold">
            {t('title')}
            <span className="sr-only"> – {siteName}</span>
          </h2>
          <button
            type="button"
            onClick={closeSidebar}
            aria-label={t('close')}
            className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-brand-soft"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-labelledby="mobile-sidebar-title" className="flex-1 overflow-y-auto px-2 py-2">
          <ul>
            {items.map((item) => {
              const sub = item.subMenu ?? [];
              const isOpen = expanded === item.id;
              const panelId = `mobile-sub-${item.id}`;
              return (
                <li key={item.id} className="border-b border-line/70 last:border-0">
                  <div className="flex items-center">
                    <Link href={item.path} onClick={closeSidebar} className="flex-1 px-3 py-3 font-medium hover:text-brand">
                      {item.label}
                    </Link>
                    {sub.length > 0 ? (
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        aria-controls={panelId}
                        aria-label={t('expand', { label: item.label })}
                        onClick={() => setExpanded(isOpen ? null : item.id)}
                        className="flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-brand-soft"
                      >
                        <ChevronDownIcon width={18} height={18} className={`transition-transform duration-200 ${isOpen ? 'rotate-180' : ''}`} />
                      </button>
                    ) : null}
                  </div>
                  {sub.length > 0 ? (
                    <ul id={panelId} hidden={!isOpen} className="pb-2 ps-4">
                      {sub.map((child) => (
                        <li key={child.id}>
                          <Link
                            href={child.path}
                            onClick={closeSidebar}
                            className="block rounded-md px-3 py-2 text-[15px] text-ink/90 hover:bg-brand-soft hover:text-brand"
                          >
                            {child.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="border-t border-line px-4 py-4 text-ink">
          <LanguageSwitcher />
        </div>
      </div>
    </Drawer>
  );
}
