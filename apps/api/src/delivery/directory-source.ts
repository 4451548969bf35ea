import { type Database, pincodes, products } from '@shop/db';
import { asc, count, gt, inArray } from 'drizzle-orm';
import { type PincodeRow, pincodeColumns, productFactColumns, type ProductDeliveryFacts } from './delivery-lookups.ts';

/**
 * The reads behind the in-memory delivery directory (delivery-directory.ts), in pages by primary key: each page is one
 * short query whose rows are mapped in a few milliseconds, so loading 19,000 pincodes never holds the event loop for
 * the whole table (decision 119), and requests are answered between the pages.
 */
export interface DirectorySource {
  /** Up to `limit` pincode rows after `after` (in pincode order; '' for the first page). */
  pincodePage(after: string, limit: number): Promise<PincodeRow[]>;
  /** Up to `limit` products' facts after the id `after` (in id order; '' for the first page). */
  productPage(after: string, limit: number): Promise<ProductDeliveryFacts[]>;
  productCount(): Promise<number>;
  /** These products' facts (a missing one is absent: deleted). */
  productsById(ids: readonly string[]): Promise<ProductDeliveryFacts[]>;
}

export function databaseSource(db: Pick<Database, 'select'>): DirectorySource {
  return {
    pincodePage: (after, limit) => db.select(pincodeColumns).from(pincodes).where(gt(pincodes.pincode, after)).orderBy(asc(pincodes.pincode)).limit(limit),
    productPage: (after, limit) =>
      // UUIDs compare as UUIDs: '' is no UUID, so the first page has no lower bound.
      db
        .select(productFactColumns)
        .from(products)
        .where(after === '' ? undefined : gt(products.id, after))
        .orderBy(asc(products.id))
        .limit(limit),
    async productCount() {
      const [counted] = await db.select({ n: count() }).from(products);
      return Number(counted?.n ?? 0);
    },
    productsById: (ids) =>
      db
        .select(productFactColumns)
        .from(products)
        .where(inArray(products.id, [...ids])),
  };
}
