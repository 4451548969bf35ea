import {
  getBestSelling,
  getFeatured,
  getFeaturedCategories,
  getFlashSale,
  getNewArrivals,
  getSliders,
} from '@lib/api/catalogue';
import { HomeTemplate } from '@modules/home/templates/home-template';

/** Home: title and description come from site settings through the root layout's metadata. */
export default async function HomePage() {
  const [sliders, categories, featured, flashSale, bestSelling, newArrivals] = await Promise.all([
    getSliders(),
    getFeaturedCategories(),
    getFeatured(),
    getFlashSale(),
    getBestSelling(),
    getNewArrivals(),
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
