'use client';

import { useTranslations } from 'next-intl';
import { SignOutButton } from '@modules/auth/components/sign-out-button';
import { SectionNav } from '@modules/common/components/section-nav';

const accountLinks = [
  { href: '/my-account', key: 'dashboard' },
  { href: '/my-account/orders', key: 'orders' },
  { href: '/my-account/account-details', key: 'details' },
  { href: '/my-account/change-password', key: 'password' },
  { href: '/my-account/saved-address', key: 'addresses' },
  { href: '/my-account/wishlist', key: 'wishlist' },
  // Help with an order or the account, from where a signed-in shopper looks for it (issue 25).
  { href: '/contact-us', key: 'contact' },
  { href: '/my-account/messages', key: 'messages' },
] as const;

/** The account section's navigation, with sign-out at its end. */
export function AccountNav() {
  const t = useTranslations('account.nav');
  return (
    <SectionNav
      links={accountLinks.map((link) => ({ href: link.href, label: t(link.key) }))}
      label={t('label')}
      rootHref="/my-account"
      after={
        <li className="shrink-0">
          <SignOutButton className="block w-full whitespace-nowrap rounded-lg px-3 py-2.5 text-start text-[15px] text-ink hover:bg-surface disabled:opacity-60">
            {t('signOut')}
          </SignOutButton>
        </li>
      }
    />
  );
}
