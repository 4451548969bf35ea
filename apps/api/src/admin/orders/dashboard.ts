import { type Database, orders, products, productVariants } from '@shop/db';
import { type Dashboard, kolkataDay, kolkataDayStart, LOW_STOCK_THRESHOLD, nextDay } from '@shop/domain/admin/orders';
import { and, asc, count, eq, gte, inArray, lt, lte, ne, sql, sum } from 'drizzle-orm';
import { statusCounts } from './list-orders.ts';
import { missingCustomisation } from './order-filters.ts';

type Reader = Pick<Database, 'select'>;

const LIST_SIZE = 10;

/**
 * The back office's first page. "Today" is the shop's day in Asia/Kolkata. Low stock: a product without options
 * at or below LOW_STOCK_THRESHOLD units, or any option of a product at or below it (a product's total can look fine
 * while its best-selling colour is gone). Only published products: a draft is nobody's worry yet.
 */
export async function dashboard(db: Reader, now = new Date()): Promise<Omit<Dashboard, 'revenueByMethod'>> {
  const day = kolkataDay(now);
  const todayRange = and(gte(orders.createdAt, kolkataDayStart(day)), lt(orders.createdAt, kolkataDayStart(nextDay(day))));
  const [today] = await db
    .select({ orders: count(), revenue: sum(orders.grandTotal) })
    .from(orders)
    .where(and(todayRange, ne(orders.status, 'cancelled')));
  const byStatus = statusCounts(await db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status));

  const open = inArray(orders.status, ['placed', 'confirmed']);
  const [waitingTotal] = await db.select({ n: count() }).from(orders).where(and(open, missingCustomisation));
  const waiting = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(and(open, missingCustomisation))
    .orderBy(asc(orders.createdAt))
    .limit(LIST_SIZE);

  const hasVariants = sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`;
  const lowProducts = await db
    .select({ productId: products.id, name: products.name, slug: products.slug, stock: products.stock })
    .from(products)
    .where(and(eq(products.published, true), lte(products.stock, LOW_STOCK_THRESHOLD), sql`not ${hasVariants}`));
  const lowVariants = await db
    .select({
      productId: products.id,
      name: products.name,
      slug: products.slug,
      variantId: productVariants.id,
      sku: productVariants.sku,
      attributes: productVariants.attributes,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.published, true), lte(productVariants.stock, LOW_STOCK_THRESHOLD)));
  const low = [
    ...lowProducts.map((row) => ({ ...row, variant: null })),
    ...lowVariants.map((row) => ({
      productId: row.productId,
      name: row.name,
      slug: row.slug,
      stock: row.stock,
      variant: { id: row.variantId, sku: row.sku, attributes: row.attributes ?? {} },
    })),
  ].sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name));

  return {
    day,
    today: { orders: today?.orders ?? 0, revenue: Number(today?.revenue ?? 0) },
    byStatus,
    waitingForCustomisation: {
      total: waitingTotal?.n ?? 0,
      orders: waiting.map((row) => ({ _id: row.id, number: row.number, status: row.status, createdAt: row.createdAt.toISOString() })),
    },
    lowStock: { threshold: LOW_STOCK_THRESHOLD, total: low.length, items: low.slice(0, 20) },
  };
}
