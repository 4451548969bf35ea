import { getTranslations } from 'next-intl/server';
import { SavedAddresses } from '../components/saved-addresses';
import { AccountHeading } from './account-layout';

/** /my-account/saved-address */
export async function SavedAddressPage() {
  const t = await getTranslations('account.addresses');
  return (
    <div>
      <AccountHeading title={t('title')} intro={t('intro')} />
      <SavedAddresses />
    </div>
  );
}
