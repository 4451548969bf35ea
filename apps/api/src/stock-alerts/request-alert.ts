import { type Database, products, stockAlerts } from '@shop/db';
import type { StockAlertRequest } from '@shop/domain/wishlist';
import { isProductId } from '@shop/domain/wishlist';
import { eq } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';

/**
 * "Notify me when it is back" (issue 24, decision 100). The same product, channel and recipient while a request is
 * open is that one request (a unique partial index: a second click, a retry or two tabs write nothing more).
 *
 * The product's row is read `for share`: a restock holds that row's update lock until it commits (and releases the
 * open requests in the same transaction, release-alerts.ts), so a request either commits before the restock's release
 * looks (and is released by it) or waits and then sees the stock (409 `stock_alert_in_stock`): none is left open on a
 * product that is in stock.
 */
export async function requestStockAlert(db: Database, request: StockAlertRequest): Promise<{ created: boolean }> {
  if (!isProductId(request.productId)) throw new Refusal('product_not_found');
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stock: products.stock, published: products.published })
      .from(products)
      .where(eq(products.id, request.productId))
      .for('share');
    if (!product?.published) throw new Refusal('product_not_found');
    if (product.stock > 0) throw new Refusal('stock_alert_in_stock');
    const written = await tx
      .insert(stockAlerts)
      .values({ productId: request.productId, channel: request.channel, recipient: request.recipient, language: request.language })
      .onConflictDoNothing()
      .returning({ id: stockAlerts.id });
    return { created: written.length > 0 };
  });
}
