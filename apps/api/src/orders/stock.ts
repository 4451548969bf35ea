import { products, productVariants } from '@shop/db';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@shop/db';
import type { Tx } from './coupons.ts';
import { outOfStock, type PricedLine } from './price-lines.ts';
import { releaseStockAlerts } from '../stock-alerts/release-alerts.ts';

/**
 * Stock moves. Taking stock is a conditional update per row (`stock = stock - q where stock >= q`): the row lock it
 * takes makes a concurrent order for the same item wait, then re-check against the committed stock, so two orders
 * can never both take the last unit and stock never goes below zero (decision 017).
 *
 * Rows are always locked in ONE global order, by placing and cancelling alike, so two orders (or an order and a
 * cancellation) holding the same items cannot deadlock: products by id; within a product, its options by id, then the
 * product's row. A product with options keeps, in products.stock, the sum of its options' stock (catalogue schema):
 * its row moves once by the total of its lines (a row updated twice in one statement would keep only one change).
 */

type StockLine = Pick<PricedLine, 'index' | 'productId' | 'variantId' | 'quantity' | 'name' | 'attributes'>;

interface StockMove {
  /** Some product or option ran out (it must disappear from cached "in stock" answers). */
  wentOut: boolean;
  /** Some product or option was out and is back. */
  cameBack: boolean;
}

/** One product's part of an order: its options' quantities (none for a product without options) and the total. */
interface ProductMove {
  productId: string;
  variants: { variantId: string; quantity: number }[];
  quantity: number;
}

const byId =
  <T>(id: (item: T) => string) =>
  (a: T, b: T) =>
    id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0;

/** The lines grouped per product, in lock order (placing, cancelling, and re-reserving a late payment, payments/late-payment.ts). */
export function productMoves(lines: Array<Pick<StockLine, 'productId' | 'variantId' | 'quantity'>>): ProductMove[] {
  const moves = new Map<string, ProductMove>();
  for (const line of lines) {
    const move = moves.get(line.productId) ?? { productId: line.productId, variants: [], quantity: 0 };
    move.quantity += line.quantity;
    if (line.variantId) move.variants.push({ variantId: line.variantId, quantity: line.quantity });
    moves.set(line.productId, move);
  }
  const sorted = [...moves.values()].sort(byId((move) => move.productId));
  for (const move of sorted) move.variants.sort(byId((variant) => variant.variantId));
  return sorted;
}

/**
 * Taking the stock of every line as a chain of data-modifying CTEs for the order's single statement (write-order.ts).
 * The first update runs only if `first` holds (the order's limits, write-order.ts); each later one only if the one before it took its row (`(select count(*) from <previous>) = 1`, an InitPlan run
 * to completion before the update scans): so the rows are locked strictly in lock order, one after another, and the
 * chain stops at the first row short of stock. `last` names the final CTE: it has a row only if every row was taken.
 * `lowest` is the smallest stock left anywhere (0: something ran out).
 */
export function takeStockCtes(lines: StockLine[], first: SQL): { ctes: SQL; last: SQL; lowest: SQL } {
  const ctes: SQL[] = [];
  const names: string[] = [];
  const after = () => (names.length ? sql.raw(` and (select count(*) from ${names[names.length - 1]}) = 1`) : sql` and ${first}`);
  productMoves(lines).forEach((move, i) => {
    move.variants.forEach((variant, j) => {
      const name = `stock_v${i}_${j}`;
      ctes.push(sql`${sql.raw(name)} as (
        update ${productVariants} set stock = stock - ${variant.quantity}, updated_at = now()
        where id = ${variant.variantId}::uuid and product_id = ${move.productId}::uuid and stock >= ${variant.quantity}${after()}
        returning stock)`);
      names.push(name);
    });
    const name = `stock_p${i}`;
    ctes.push(
      move.variants.length
        ? // The options were taken; the product's total follows them (never below zero, whatever it held).
          sql`${sql.raw(name)} as (
        update ${products} set stock = greatest(stock - ${move.quantity}, 0), units_sold = units_sold + ${move.quantity}, updated_at = now()
        where id = ${move.productId}::uuid${after()}
        returning stock)`
        : sql`${sql.raw(name)} as (
        update ${products} set stock = stock - ${move.quantity}, units_sold = units_sold + ${move.quantity}, updated_at = now()
        where id = ${move.productId}::uuid and published and stock >= ${move.quantity}${after()}
        returning stock)`,
    );
    names.push(name);
  });
  const last = names[names.length - 1] as string;
  return {
    ctes: sql.join(ctes, sql`, `),
    last: sql.raw(last),
    lowest: sql.raw(`(select min(stock) from (${names.map((name) => `select stock from ${name}`).join(' union all ')}) as taken)`),
  };
}

/**
 * The 409 for an order that could not take its stock (the whole statement was undone): every line short of stock
 * now, with what is left. Null when none is short any more (stock came back in the meantime: try again).
 */
export async function shortOfStock(db: Database, lines: StockLine[]) {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const variantIds = lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  const [productRows, variantRows] = await Promise.all([
    db.select({ id: products.id, stock: products.stock, published: products.published }).from(products).where(inArray(products.id, productIds)),
    variantIds.length
      ? db.select({ id: productVariants.id, stock: productVariants.stock }).from(productVariants).where(inArray(productVariants.id, variantIds))
      : [],
  ]);
  const left = new Map<string, number>([
    ...productRows.map((row) => [row.id, row.published ? row.stock : 0] as const),
    ...variantRows.map((row) => [row.id, row.stock] as const),
  ]);
  const short = lines.map((line) => ({ ...line, left: left.get(line.variantId ?? line.productId) ?? 0 })).filter((line) => line.quantity > line.left);
  return short.length ? outOfStock(short) : null;
}

/** Puts a cancelled order's units back, in lock order. */
export async function returnStock(tx: Tx, lines: Array<Pick<StockLine, 'productId' | 'variantId' | 'quantity'>>): Promise<StockMove> {
  let cameBack = false;
  for (const move of productMoves(lines)) {
    let units = move.variants.length ? 0 : move.quantity;
    for (const { variantId, quantity } of move.variants) {
      const [variant] = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${quantity}` })
        .where(eq(productVariants.id, variantId))
        .returning({ stock: productVariants.stock });
      // An option deleted since the order: its units go back to nothing, and not into the product's total either.
      if (!variant) continue;
      cameBack ||= variant.stock === quantity;
      units += quantity;
    }
    if (units === 0) continue;
    const [product] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${units}`, unitsSold: sql`greatest(${products.unitsSold} - ${units}, 0)` })
      .where(eq(products.id, move.productId))
      .returning({ stock: products.stock });
    cameBack ||= product?.stock === units;
  }
  // Units back on a product that was out: whoever asked to be told hears it now, once (issue 24, decision 100).
  if (cameBack)
    await releaseStockAlerts(
      tx,
      productMoves(lines).map((move) => move.productId),
    );
  return { wentOut: false, cameBack };
}
