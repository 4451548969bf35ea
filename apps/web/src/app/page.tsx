import {
  getBestSelling,
  getFeatured,
  getFeaturedCategories,
  getFlashSale,
  getNewArrivals,
  getSliders,
} from '@lib/api/catalogue';
import { HomeTemplate } from '@modules/home/templates/home-template';

/**
 * Cards per home rail: one desktop row (the rails show five across), each rail ending in "View all". Every card is
 * markup the phone parses and hydrates; four rails of eight made up most of the home page's elements (decision 018).
 */
const HOME_RAIL_SIZE = 5;

/** Home: title and description come from site settings through the root layout's metadata. */
export default async function HomePage() {
  const [sliders, categories, featured, flashSale, bestSelling, newArrivals] = await Promise.all([
    getSliders(),
    getFeaturedCategories(),
    getFeatured(HOME_RAIL_SIZE),
    getFlashSale(HOME_RAIL_SIZE),
    getBestSelling(HOME_RAIL_SIZE),
    getNewArrivals(HOME_RAIL_SIZE),
  ]);
  return (
    <HomeTemplate
      sliders={sliders}
      categories={categories}
      featured={featured}
      flashSale={flashSale}
      bestSelling={bestSelling}
      newArrivals={newArrivals}
      now={Date.now()}
    />
  );
}
