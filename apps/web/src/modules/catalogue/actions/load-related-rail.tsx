'use server';

import { getTranslations } from 'next-intl/server';
import { getRelated } from '@lib/api/catalogue';
import { ProductRail } from '../components/product-rail';

/**
 * A product page's related-products rail, rendered on the server when the shopper scrolls near it (decision 027
 * addendum). It sits below the details and reviews; sent with the page it was a fifth of the flight data and of the
 * hydration work. Reads only public catalogue data. An empty fragment (not null) when there is nothing related, so the
 * caller stops showing its placeholder.
 */
export async function loadRelatedRail(slug: string) {
  const [related, t] = await Promise.all([getRelated(slug), getTranslations('catalogue')]);
  if (related.length === 0) return <></>;
  return <ProductRail id="related" title={t('rails.related')} products={related} />;
}
