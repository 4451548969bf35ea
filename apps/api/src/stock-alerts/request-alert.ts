import { type Database, products, productVariants, stockAlerts } from '@shop/db';
import type { StockAlertRequest } from '@shop/domain/wishlist';
import { isProductId } from '@shop/domain/wishlist';
import { and, eq } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';

/**
 * "Notify me when it is back" (issue 24, decision 100), for the product or for one option of it (decision 118). The
 * same product (or option), channel and recipient while a request is open is that one request (a unique partial index: a second click, a retry or two tabs write nothing more).
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
    if (request.variantId === null) {
      if (product.stock > 0) throw new Refusal('stock_alert_in_stock');
    } else {
      // One option (decision 118): it must be an option of this product, and out of stock, whatever the others hold.
      // Its stock changes under the product row's lock (every writer locks the product first), read above.
      const variantId = request.variantId;
      if (!isProductId(variantId)) throw new Refusal('stock_alert_option_not_found');
      const [variant] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, request.productId)));
      if (!variant) throw new Refusal('stock_alert_option_not_found');
      if (variant.stock > 0) throw new Refusal('stock_alert_option_in_stock');
    }
    const written = await tx
      .insert(stockAlerts)
      .values({
        productId: request.productId,
        variantId: request.variantId?.toLowerCase() ?? null,
        channel: request.channel,
        recipient: request.recipient,
        language: request.language,
      })
      .onConflictDoNothing()
      .returning({ id: stockAlerts.id });
    return { created: written.length > 0 };
  });
}
