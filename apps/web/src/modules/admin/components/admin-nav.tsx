'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

export interface AdminNavLink {
  href: string;
  label: string;
}

/** The back office's section links; scrolls sideways on a phone, a column on a wide screen. */
export function AdminNav({ links, label }: { links: AdminNavLink[]; label: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="lg:w-56 lg:shrink-0">
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
        {links.map((link) => {
          const current = link.href === '/admin' ? pathname === link.href : pathname.startsWith(link.href);
          return (
            <li key={link.href} className="shrink-0">
              <Link
                href={link.href}
                // Back-office data changes all the time: never show a page prefetched before the last change.
                prefetch={false}
                aria-current={current ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-lg px-3 py-2.5 text-[15px] ${current ? 'bg-brand-soft font-semibold text-brand' : 'text-ink hover:bg-surface'}`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
