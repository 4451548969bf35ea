import { getTranslations } from 'next-intl/server';
import { AccountHeading } from '@modules/account/templates/account-layout';
import { WishlistView } from '../components/wishlist-view';

/** /my-account/wishlist (issue 24): the list is read in the browser, after the browser's own list is merged into it. */
export async function WishlistPage() {
  const t = await getTranslations('account.wishlist');
  return (
    <div>
      <AccountHeading title={t('title')} intro={t('intro')} />
      <WishlistView />
    </div>
  );
}
