import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { UserProfile } from '@lib/api/user';
import { formatIndianMobile } from '@modules/auth/lib/schemas';
import { AccountHeading } from './account-layout';

const cards = [
  { href: '/my-account/orders', key: 'orders' },
  { href: '/my-account/account-details', key: 'details' },
  { href: '/my-account/change-password', key: 'password' },
  { href: '/my-account/saved-address', key: 'addresses' },
] as const;

/** /my-account: a greeting and the ways into the account section. */
export async function AccountDashboard({ viewer }: { viewer: UserProfile }) {
  const t = await getTranslations('account.dashboard');
  const tn = await getTranslations('account.nav');
  const name = viewer.name || (viewer.mobile ? formatIndianMobile(viewer.mobile) : (viewer.email ?? ''));
  return (
    <section>
      <AccountHeading title={t('greeting', { name })} intro={t('intro')} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.href}>
            <Link href={card.href} prefetch={false} className="block h-full rounded-xl border border-line bg-white p-4 hover:border-brand hover:shadow-sm">
              <span className="font-semibold text-ink">{tn(card.key)}</span>
              <span className="mt-1 block text-sm text-muted">{t(`${card.key}Hint`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
