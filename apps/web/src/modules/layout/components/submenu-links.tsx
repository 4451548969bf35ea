import Link from 'next/link';
import type { MenuItem } from '@shop/domain/catalogue';

/** A top-level header-menu link, with or without a submenu beside it. */
export const topLinkClass = 'block py-3 ps-3 pe-1 text-[15px] font-medium text-ink hover:text-brand';

/**
 * The links of one submenu as list items, shared by the desktop menu's panels and the mobile menu's sections. No
 * hooks and no handlers: whoever holds the list closes its menu from one click handler on the list (event delegation),
 * so this renders the same in a server or a client component.
 */
export function SubmenuLinks({ items, linkClassName }: { items: MenuItem[]; linkClassName: string }) {
  return items.map((child) => (
    <li key={child.id}>
      <Link prefetch={false} href={child.path} className={linkClassName}>
        {child.label}
      </Link>
    </li>
  ));
}

/** True when a click landed on a link (or inside one): the menu holding it should close. */
export function isLinkClick(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('a[href]') !== null;
}
