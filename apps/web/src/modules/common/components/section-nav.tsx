'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { withoutLocalePrefix } from '../../../../server/locale-url.mjs';

export interface SectionLink {
  href: string;
  label: string;
}

/**
 * A section's own navigation (my account, the back office): a row that scrolls sideways on a phone, a column on a
 * wide screen, the current page marked for screen readers too. `rootHref` is the section's home, current only on
 * itself; every other link is current on its sub-pages as well. `after` adds list items such as a sign-out button.
 */
export function SectionNav({
  links,
  label,
  rootHref,
  after,
  className = 'lg:w-60',
}: {
  links: readonly SectionLink[];
  label: string;
  rootHref: string;
  after?: ReactNode;
  className?: string;
}) {
  // On /hi/my-account the section's links (unprefixed) still match (decision 113).
  const pathname = withoutLocalePrefix(usePathname());
  return (
    <nav aria-label={label} className={`${className} lg:shrink-0`}>
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
        {links.map((link) => {
          const current = link.href === rootHref ? pathname === link.href : pathname.startsWith(link.href);
          return (
            <li key={link.href} className="shrink-0">
              <Link
                href={link.href}
                // Personal and back-office pages change with what was just saved: fetch them fresh on click, never
                // from a prefetch made before the change.
                prefetch={false}
                aria-current={current ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-lg px-3 py-2.5 text-[15px] ${current ? 'bg-brand-soft font-semibold text-brand' : 'text-ink hover:bg-surface'}`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
        {after}
      </ul>
    </nav>
  );
}
