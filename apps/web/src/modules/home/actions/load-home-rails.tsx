'use server';

import { getBestSelling, getFeatured, getFlashSale, getNewArrivals } from '@lib/api/catalogue';
import { HomeRails } from '../components/home-rails';

/**
 * Cards per home rail: one desktop row (the rails show five across), each rail ending in "View all" (decision 018).
 */
const HOME_RAIL_SIZE = 5;

/**
 * The home page's product rails, rendered on the server when the shopper scrolls near them (decision 027). They are
 * below the fold on phones and desktops alike, and sent with the page they were most of its HTML, flight data and
 * hydration work. Reads only public catalogue data; the locale comes from the request's cookie as for a page.
 */
export async function loadHomeRails() {
  const [flashSale, featured, bestSelling, newArrivals] = await Promise.all([
    getFlashSale(HOME_RAIL_SIZE),
    getFeatured(HOME_RAIL_SIZE),
    getBestSelling(HOME_RAIL_SIZE),
    getNewArrivals(HOME_RAIL_SIZE),
  ]);
  return <HomeRails flashSale={flashSale} featured={featured} bestSelling={bestSelling} newArrivals={newArrivals} now={Date.now()} />;
}
