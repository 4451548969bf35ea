import { getFeaturedCategories, getSliders } from '@lib/api/catalogue';
import { HomeTemplate } from '@modules/home/templates/home-template';

/**
 * Home: title and description come from site settings through the root layout's metadata. The product rails are not
 * part of the first response; the page loads them as the shopper scrolls near (`loadHomeRails`, decision 027).
 */
export default async function HomePage() {
  const [sliders, categories] = await Promise.all([getSliders(), getFeaturedCategories()]);
  return <HomeTemplate sliders={sliders} categories={categories} />;
}
