'use client';

import Link from 'next/link';
import { useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { MenuItem } from '@shop/domain/catalogue';
import { ChevronDownIcon } from '@modules/common/components/icons';
import { isLinkClick, SubmenuLinks, topLinkClass } from './submenu-links';

const subLinkClass = 'block rounded-md px-3 py-2 text-sm text-ink hover:bg-brand-soft hover:text-brand focus-visible:bg-brand-soft';

/**
 * One header-menu item with a submenu. The submenu opens on hover, and from the keyboard with its toggle button
 * (Enter/Space/ArrowDown); Escape closes it and returns focus to the toggle; moving focus out of the item closes it;
 * following a link closes it. The panel is drawn the first time it opens and kept after, so pages do not hydrate the
 * links of menus nobody opened (the panels are hidden until then anyway).
 */
export function DesktopSubmenu({ item, toggleLabel }: { item: MenuItem; toggleLabel: string }) {
  const [open, setOpen] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLUListElement>(null);
  const sub = item.subMenu ?? [];
  const panelId = `nav-sub-${item.id}`;

  function show(value: boolean) {
    if (value) setDrawn(true);
    setOpen(value);
  }
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      show(false);
      toggle.current?.focus();
    }
  }
  function onBlur(event: FocusEvent<HTMLLIElement>) {
    if (open && !event.currentTarget.contains(event.relatedTarget)) show(false);
  }
  function onClick(event: MouseEvent) {
    if (isLinkClick(event.target)) show(false);
  }

  return (
    <li className="relative" onMouseEnter={() => show(true)} onMouseLeave={() => open && show(false)} onKeyDown={onKeyDown} onBlur={onBlur} onClick={onClick}>
      <div className="flex items-center">
        <Link prefetch={false} href={item.path} className={topLinkClass}>
          {item.label}
        </Link>
        <button
          ref={toggle}
          type="button"
          aria-expanded={open}
          aria-controls={drawn ? panelId : undefined}
          aria-label={toggleLabel}
          onClick={() => show(!open)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              show(true);
              requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('a')?.focus());
            }
          }}
          className="me-2 rounded p-1 text-muted hover:text-brand"
        >
          <ChevronDownIcon width={16} height={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </div>
      {drawn ? (
        <ul
          ref={panel}
          id={panelId}
          hidden={!open}
          className="absolute start-0 top-full z-40 grid min-w-64 grid-cols-1 gap-x-4 rounded-b-xl border border-line bg-white p-3 shadow-xl data-[wide=true]:min-w-[30rem] data-[wide=true]:grid-cols-2"
          data-wide={sub.length > 6}
        >
          <SubmenuLinks items={sub} linkClassName={subLinkClass} />
        </ul>
      ) : null}
    </li>
  );
}
