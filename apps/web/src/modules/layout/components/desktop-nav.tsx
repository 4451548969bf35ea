'use client';

import Link from 'next/link';
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { MenuItem } from '@shop/domain/catalogue';
import { ChevronDownIcon } from '@modules/common/components/icons';

/**
 * The header menu on wide screens. A submenu opens on hover, and from the keyboard with its
 * toggle button (Enter/Space/ArrowDown); Escape closes it and returns focus to the toggle;
 * moving focus out of the item closes it.
 */
export function DesktopNav({ items }: { items: MenuItem[] }) {
  const t = useTranslations('shell.header');
  const [openId, setOpenId] = useState<string | null>(null);
  const toggles = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent, item: MenuItem) {
    if (event.key === 'Escape' && openId === item.id) {
      event.preventDefault();
      setOpenId(null);
      toggles.current.get(item.id)?.focus();
    }
  }
  function onBlur(event: FocusEvent<HTMLLIElement>, item: MenuItem) {
    if (openId === item.id && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenId(null);
  }

  return (
    <nav aria-label={t('mainNav')} className="hidden border-t border-line lg:block">
      <ul className="mx-auto flex max-w-7xl items-center gap-1 px-8">
        {items.map((item) => {
          const sub = item.subMenu ?? [];
          const open = openId === item.id;
          const panelId = `nav-sub-${item.id}`;
          return (
            <li
              key={item.id}
              className="relative"
              onMouseEnter={() => sub.length > 0 && setOpenId(item.id)}
              onMouseLeave={() => open && setOpenId(null)}
              onKeyDown={(event) => onKeyDown(event, item)}
              onBlur={(event) => onBlur(event, item)}
            >
              <div className="flex items-center">
                <Link
                  href={item.path}
                  className="block py-3 ps-3 pe-1 text-[15px] font-medium text-ink hover:text-brand"
                  onClick={() => setOpenId(null)}
                >
                  {item.label}
                </Link>
                {sub.length > 0 ? (
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) toggles.current.set(item.id, el);
                      else toggles.current.delete(item.id);
                    }}
                    aria-expanded={open}
                    aria-controls={panelId}
                    aria-label={t('showSubmenu', { label: item.label })}
                    onClick={() => setOpenId(open ? null : item.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'ArrowDown') {
                        event.preventDefault();
                        setOpenId(item.id);
                        requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${panelId} a`)?.focus());
                      }
                    }}
                    className="me-2 rounded p-1 text-muted hover:text-brand"
                  >
                    <ChevronDownIcon width={16} height={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
                  </button>
                ) : null}
              </div>
              {sub.length > 0 ? (
                <ul
                  id={panelId}
                  hidden={!open}
                  className="absolute start-0 top-full z-40 grid min-w-64 grid-cols-1 gap-x-4 rounded-b-xl border border-line bg-white p-3 shadow-xl data-[wide=true]:min-w-[30rem] data-[wide=true]:grid-cols-2"
                  data-wide={sub.length > 6}
                >
                  {sub.map((child) => (
                    <li key={child.id}>
                      <Link
                        href={child.path}
                        onClick={() => setOpenId(null)}
                        className="block rounded-md px-3 py-2 text-sm text-ink hover:bg-brand-soft hover:text-brand focus-visible:bg-brand-soft"
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
  );
}
