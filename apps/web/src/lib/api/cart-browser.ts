import type { CartRefreshProduct } from '@shop/domain/cart/index';
import { browserApi } from './browser-client';

/**
 * POST /api/products/cart from the browser (spec §7): the current products for these ids, unknown ids absent.
 * The answer is typed by the domain's refresh input (a subset of the catalogue's CartProduct), so the client bundle
 * does not load the zod schemas.
 */
export function fetchCartProducts(productIds: string[]): Promise<CartRefreshProduct[]> {
  return browserApi<CartRefreshProduct[]>('/api/products/cart', { method: 'POST', body: { productIds } });
}
