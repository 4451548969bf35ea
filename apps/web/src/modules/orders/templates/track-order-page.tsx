import { getTranslations } from 'next-intl/server';
import { Container } from '@modules/common/components/container';
import { TrackOrderSection } from './track-order-section';

/** /order without an id: track an order by its number and mobile number. */
export async function TrackOrderPage() {
  const t = await getTranslations('orders');
  return (
    <Container className="py-6 sm:py-10">
      <h1 className="mb-6 font-display text-2xl font-semibold text-ink sm:text-3xl">{t('track.pageTitle')}</h1>
      <TrackOrderSection />
    </Container>
  );
}
