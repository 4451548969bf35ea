import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { UserProfile } from '@lib/api/user';
import { formatIndianMobile } from '@modules/auth/lib/schemas';
import { isolateIn } from '@modules/common/i18n/isolate';
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
  // Someone who signed in by phone and gave no name is greeted by the number, which has no letters to take a direction
  // from: it is set left to right, or the Arabic greeting shows "+91 98123 45670" as "45670 98123 91+".
  const byPhone = !viewer.name && Boolean(viewer.mobile);
  const name = viewer.name || (viewer.mobile ? formatIndianMobile(viewer.mobile) : (viewer.email ?? ''));
  return (
    <section>
      <AccountHeading title={isolateIn((slot) => t('greeting', { name: slot }), name, byPhone ? 'ltr' : undefined)} intro={t('intro')} />
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
