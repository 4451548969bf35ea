import { getTranslations } from 'next-intl/server';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { WishlistPage } from '@modules/wishlist/templates/wishlist-page';

export async function generateMetadata() {
  const t = await getTranslations('account.nav');
  return { title: t('wishlist'), robots: { index: false } };
}

export default async function Page() {
  await requireViewer('/my-account/wishlist');
  return <WishlistPage />;
}
