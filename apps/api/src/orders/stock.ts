import { products, productVariants } from '@shop/db';
import { and, eq, gte, sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import type { Tx } from './coupons.ts';
import { outOfStock, type PricedLine } from './price-lines.ts';

/**
 * Stock moves, always inside the order's transaction. Taking stock is one conditional update per line
 * (`stock = stock - q where stock >= q`): the row lock it takes makes a concurrent order for the same item wait,
 * then re-check against the committed stock, so two orders can never both take the last unit and stock never goes
 * below zero. Lines are moved in one fixed order (product id, then variant id) so two orders holding the same
 * items lock them in the same order and cannot deadlock.
 *
 * A product with options keeps, in products.stock, the sum of its variants' stock (catalogue schema): both rows move.
 */

type StockLine = Pick<PricedLine, 'index' | 'productId' | 'variantId' | 'quantity' | 'name' | 'attributes'>;

export interface StockMove {
  /** Some product or option ran out (it must disappear from cached "in stock" answers). */
  wentOut: boolean;
  /** Some product or option was out and is back. */
  cameBack: boolean;
}

function inLockOrder<T extends Pick<StockLine, 'productId' | 'variantId'>>(lines: T[]): T[] {
  const key = (line: T) => `${line.productId}.${line.variantId ?? ''}`;
  return [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Takes every line's quantity, or throws 409 (naming the line and what is left) and takes nothing. */
export async function takeStock(tx: Tx, lines: StockLine[]): Promise<StockMove> {
  let wentOut = false;
  for (const line of inLockOrder(lines)) {
    const q = line.quantity;
    if (line.variantId) {
      // One statement: the option's stock (conditional), then, only if that worked, the product's total.
      const [moved] = rowsOf<{ variantStock: number; productStock: number }>(
        await tx.execute(sql`
          with variant as (
            update ${productVariants} set stock = stock - ${q}, updated_at = now()
            where id = ${line.variantId}::uuid and product_id = ${line.productId}::uuid and stock >= ${q}
            returning stock
          )
          update ${products} set stock = greatest(${products.stock} - ${q}, 0), units_sold = ${products.unitsSold} + ${q}, updated_at = now()
          from variant
          where ${products.id} = ${line.productId}::uuid
          returning variant.stock as "variantStock", ${products.stock} as "productStock"`),
      );
      if (!moved) throw await shortOf(tx, line);
      wentOut ||= moved.variantStock === 0 || moved.productStock === 0;
    } else {
      const [product] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${q}`, unitsSold: sql`${products.unitsSold} + ${q}` })
        .where(and(eq(products.id, line.productId), eq(products.published, true), gte(products.stock, q)))
        .returning({ stock: products.stock });
      if (!product) throw await shortOf(tx, line);
      wentOut ||= product.stock === 0;
    }
  }
  return { wentOut, cameBack: false };
}

/** The 409 for a line that could not be taken, with the stock left now. */
async function shortOf(tx: Tx, line: StockLine) {
  const [row] = line.variantId
    ? await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, line.variantId))
    : await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
  return outOfStock([{ ...line, left: row?.stock ?? 0 }]);
}

/** Puts a cancelled order's units back. */
export async function returnStock(tx: Tx, lines: Array<Pick<StockLine, 'productId' | 'variantId' | 'quantity'>>): Promise<StockMove> {
  let cameBack = false;
  for (const line of inLockOrder(lines)) {
    const q = line.quantity;
    if (line.variantId) {
      const [variant] = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${q}` })
        .where(eq(productVariants.id, line.variantId))
        .returning({ stock: productVariants.stock });
      // A variant deleted since the order: its units go back to nothing; the product total is left alone.
      if (!variant) continue;
      cameBack ||= variant.stock === q;
    }
    const [product] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${q}`, unitsSold: sql`greatest(${products.unitsSold} - ${q}, 0)` })
      .where(eq(products.id, line.productId))
      .returning({ stock: products.stock });
    cameBack ||= product?.stock === q;
  }
  return { wentOut: false, cameBack };
}
