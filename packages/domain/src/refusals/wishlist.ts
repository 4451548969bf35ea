import { defineRefusals } from './define.ts';

/**
 * Refusals of the wishlist and back-in-stock area (issue 24, decision 099): the signed-in shopper's wishlist and
 * "Notify me" on a product that is out of stock.
 */

/** Most products one wishlist holds (the browser's list keeps the same cap, so a merge never goes past it). */
export const MAX_WISHLIST_ITEMS = 100;

export const wishlistRefusals = defineRefusals({
  wishlist_full: {
    status: 409,
    message: (p: { max: number }) => `Your wishlist is full: it holds at most ${p.max} products. Remove one to add another.`,
    fixed: { max: MAX_WISHLIST_ITEMS },
  },
  stock_alert_channel_invalid: { status: 400, message: () => 'Choose e-mail or SMS' },
  stock_alert_in_stock: { status: 409, message: () => 'This product is in stock: you can order it now' },
  stock_alert_option_in_stock: { status: 409, message: () => 'This option is in stock: you can order it now' },
  stock_alert_option_not_found: { status: 404, message: () => 'This option of the product is not in the shop' },
});

/** Products "recently viewed" keeps in the browser (never sent to the server); the rail shows up to this many. */
export const RECENTLY_VIEWED_MAX = 12;
