import type { CartRefreshProduct } from '@shop/domain/cart/index';
import { browserApi } from './browser-client';
import { array, boolean, guard, nullable, number, object, oneOf, record, type ResponseSchema, string } from './shape';

/** The current products for a cart, checked field by field without zod (the cart is on every page). */
const cartProductsSchema: ResponseSchema<CartRefreshProduct[]> = guard(
  array(
    object({
      _id: string,
      name: string,
      slug: string,
      image: nullable(object({ original: string })),
      price: number,
      mrp: number,
      cod: boolean,
      stock: number,
      product_customization: nullable(object({ type: oneOf('text', 'image', 'both'), mediaLimit: number })),
      variants: array(object({ _id: string, attributes: record(string), price: number, mrp: number, stock: number })),
    }),
  ),
);

/** POST /api/products/cart from the browser (spec §7): the current products for these ids, unknown ids absent. */
export function fetchCartProducts(productIds: string[]): Promise<CartRefreshProduct[]> {
  return browserApi('/api/products/cart', { method: 'POST', body: { productIds }, schema: cartProductsSchema });
}
