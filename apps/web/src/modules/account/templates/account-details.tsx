import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { UserProfile } from '@lib/api/user';
import { EmailChangeForm } from '../components/email-change-form';
import { NameForm } from '../components/name-form';
import { PhoneChangeForm } from '../components/phone-change-form';
import { AccountHeading } from './account-layout';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /my-account/account-details: name; email and mobile, each changed only after it is verified. */
export async function AccountDetails({ viewer }: { viewer: UserProfile }) {
  const t = await getTranslations('account.details');
  return (
    <div>
      <AccountHeading title={t('title')} intro={t('intro')} />
      <div className="flex flex-col gap-5">
        <Panel id="details-name" title={t('nameTitle')}>
          <NameForm name={viewer.name} />
        </Panel>
        <Panel id="details-email" title={t('emailTitle')}>
          <EmailChangeForm email={viewer.email} verified={viewer.emailVerified} />
        </Panel>
        <Panel id="details-phone" title={t('phoneTitle')}>
          <PhoneChangeForm mobile={viewer.mobile} />
        </Panel>
      </div>
    </div>
  );
}
