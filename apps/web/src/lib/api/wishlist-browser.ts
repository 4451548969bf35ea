import { browserApi } from './browser-client';
import { array, boolean, guard, nullable, number, object, optional, type ResponseSchema, string } from './shape';

/**
 * Browser calls of issue 24: the signed-in shopper's wishlist and "Notify me" on a product that is out of stock.
 * Checked with the light shape checks (decision 040), so the hearts on every card ship no zod.
 */

const idsSchema = guard(object({ productIds: array(string) }));

/** A product on the list as the wishlist page shows it (the fields it reads of the card's summary). */
export interface WishlistCard {
  _id: string;
  name: string;
  slug: string;
  image: { original: string; width: number; height: number; alt?: string } | null;
  price: number;
  mrp: number;
  inStock: boolean;
  hasVariants: boolean;
}

const wishlistSchema: ResponseSchema<{ data: Array<{ addedAt: string; product: WishlistCard }> }> = guard(
  object({
    data: array(
      object({
        addedAt: string,
        product: object({
          _id: string,
          name: string,
          slug: string,
          image: nullable(object({ original: string, width: number, height: number, alt: optional(string) })),
          price: number,
          mrp: number,
          inStock: boolean,
          hasVariants: boolean,
        }),
      }),
    ),
  }),
);

export async function fetchWishlistIds(): Promise<string[]> {
  return (await browserApi('/api/user/wishlist/ids', { signedIn: true, schema: idsSchema })).productIds;
}

export async function fetchWishlist(): Promise<WishlistCard[]> {
  return (await browserApi('/api/user/wishlist', { signedIn: true, schema: wishlistSchema })).data.map((entry) => entry.product);
}

export async function putOnWishlist(productId: string): Promise<string[]> {
  return (await browserApi(`/api/user/wishlist/${encodeURIComponent(productId)}`, { method: 'PUT', signedIn: true, schema: idsSchema })).productIds;
}

export async function takeOffWishlist(productId: string): Promise<void> {
  await browserApi(`/api/user/wishlist/${encodeURIComponent(productId)}`, { method: 'DELETE', signedIn: true });
}

/** Hands the list kept in the browser while signed out to the account (idempotent); answers the account's ids. */
export async function mergeWishlist(productIds: string[]): Promise<string[]> {
  return (await browserApi('/api/user/wishlist/merge', { method: 'POST', body: { productIds }, signedIn: true, schema: idsSchema })).productIds;
}

export interface StockAlertAsk {
  productId: string;
  /** The sold-out option waited for, on a product with options (decision 118). */
  variantId?: string;
  channel: 'email' | 'sms';
  email?: string;
  phone?: string;
  language: string;
}

const waitingSchema = guard(object({ status: string }));

/** POST /api/stock-alerts: one message when the product is back (signed in or not). */
export async function askForStockAlert(ask: StockAlertAsk): Promise<void> {
  await browserApi('/api/stock-alerts', { method: 'POST', body: ask, schema: waitingSchema });
}
