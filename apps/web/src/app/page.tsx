import type { Metadata } from 'next';
import { getFeaturedCategories, getSliders } from '@lib/api/catalogue';
import { pageAlternates } from '@modules/layout/locale-alternates';
import { HomeTemplate } from '@modules/home/templates/home-template';

/**
 * Home: title and description come from site settings through the root layout's metadata. The product rails are not
 * part of the first response; the page loads them as the shopper scrolls near (`loadHomeRails`, decision 027).
 */
/** The canonical link and the hreflang alternates of the home page in each locale (decision 113). */
export async function generateMetadata(): Promise<Metadata> {
  return { alternates: await pageAlternates('/') };
}

export default async function HomePage() {
  const [sliders, categories] = await Promise.all([getSliders(), getFeaturedCategories()]);
  return <HomeTemplate sliders={sliders} categories={categories} />;
}
