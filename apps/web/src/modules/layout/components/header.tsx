import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { formatInr } from '@shop/domain/money';
import { Container } from '@modules/common/components/container';
import { AccountButton } from '@modules/auth/components/account-button';
import { AuthSessionMount } from '@modules/auth/session/auth-session-mount';
import type { ShellSite } from '../site';
import { CartButton } from './cart-button';
import { DesktopNav } from './desktop-nav';
import { MenuButton } from './menu-button';
import { SearchForm } from './search-form';
import { Logo } from './logo';

export async function Header({ site }: { site: ShellSite }) {
  const t = await getTranslations('shell.header');
  const ta = await getTranslations('auth.header');
  return (
    <header className="relative z-40 bg-white shadow-[0_1px_0_var(--color-line)] md:sticky md:top-0">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-brand focus:px-4 focus:py-2 focus:text-white"
      >
        {t('skipToContent')}
      </a>
      {site.freeShippingThreshold !== null ? (
        <div className="bg-brand text-white">
          <Container className="flex h-8 items-center justify-center gap-4 text-xs tracking-wide sm:justify-between">
            <p>{t('freeShipping', { amount: formatInr(site.freeShippingThreshold) })}</p>
            <p className="hidden sm:block">{t('cod')}</p>
          </Container>
        </div>
      ) : null}
      <Container className="flex h-16 items-center gap-2 sm:gap-4 lg:h-20">
        <MenuButton label={t('openMenu')} />
        <Link href="/" prefetch={false} aria-label={t('homeLink', { name: site.name })} className="flex shrink-0 items-center gap-2 rounded">
          <Logo name={site.name} />
        </Link>
        <SearchForm id="header-search" className="ms-auto hidden w-full max-w-md md:block" />
        <div className="ms-auto flex items-center md:ms-2">
          <AccountButton signInLabel={ta('signIn')} accountLabel={ta('account')} />
          <AuthSessionMount />
          <CartButton />
        </div>
      </Container>
      <Container className="pb-3 md:hidden">
        <SearchForm id="header-search-mobile" />
      </Container>
      <DesktopNav items={site.headerMenu} />
    </header>
  );
}
