'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SignOutButton } from '@modules/auth/components/sign-out-button';

export const accountLinks = [
  { href: '/my-account', key: 'dashboard' },
  { href: '/my-account/orders', key: 'orders' },
  { href: '/my-account/account-details', key: 'details' },
  { href: '/my-account/change-password', key: 'password' },
  { href: '/my-account/saved-address', key: 'addresses' },
] as const;

/** The account section's navigation; the current page is marked for screen readers too. */
export function AccountNav() {
  const t = useTranslations('account.nav');
  const pathname = usePathname();
  return (
    <nav aria-label={t('label')} className="lg:w-60 lg:shrink-0">
      <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible">
        {accountLinks.map((link) => {
          const current = link.href === '/my-account' ? pathname === link.href : pathname.startsWith(link.href);
          return (
            <li key={link.href} className="shrink-0">
              <Link
                href={link.href}
                // Personal pages change with what the visitor just saved: fetch them fresh on click, never from
                // a prefetch made before the change (or, for the orders, before an order was placed or cancelled).
                prefetch={false}
                aria-current={current ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-lg px-3 py-2.5 text-[15px] ${current ? 'bg-brand-soft font-semibold text-brand' : 'text-ink hover:bg-surface'}`}
              >
                {t(link.key)}
              </Link>
            </li>
          );
        })}
        <li className="shrink-0">
          <SignOutButton className="block w-full whitespace-nowrap rounded-lg px-3 py-2.5 text-start text-[15px] text-ink hover:bg-surface disabled:opacity-60">
            {t('signOut')}
          </SignOutButton>
        </li>
      </ul>
    </nav>
  );
}
