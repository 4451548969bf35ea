import { type Database, pincodes, products } from '@shop/db';
import { eq, inArray } from 'drizzle-orm';
import type { MemoTable } from '../plugins/response-cache.ts';

/** What the promise needs of a pincode's directory row (held in memory for the whole directory: no more than this). */
export type PincodeRow = Pick<typeof pincodes.$inferSelect, 'pincode' | 'district' | 'state' | 'serviceable' | 'cod' | 'transitDays'>;

/** The columns of `PincodeRow`, for every read of it. */
export const pincodeColumns = {
  pincode: pincodes.pincode,
  district: pincodes.district,
  state: pincodes.state,
  serviceable: pincodes.serviceable,
  cod: pincodes.cod,
  transitDays: pincodes.transitDays,
};

/** What the promise needs of a product: its making days, whether it waits for personalisation, COD, and if it is on sale. */
export interface ProductDeliveryFacts {
  id: string;
  madeToOrderDays: number;
  customizationType: 'text' | 'image' | 'both' | null;
  cod: boolean;
  published: boolean;
}

/** The columns of `ProductDeliveryFacts`, for every read of them. */
export const productFactColumns = {
  id: products.id,
  madeToOrderDays: products.madeToOrderDays,
  customizationType: products.customizationType,
  cod: products.cod,
  published: products.published,
};

/** The two reads behind an estimate: a pincode's directory row, and some products' delivery facts. */
export interface DeliveryLookups {
  pincode(pincode: string): Promise<PincodeRow | null>;
  products(ids: readonly string[]): Promise<ProductDeliveryFacts[]>;
}

export function databaseLookups(db: Pick<Database, 'select'>): DeliveryLookups {
  return {
    async pincode(pincode) {
      const [row] = await db.select(pincodeColumns).from(pincodes).where(eq(pincodes.pincode, pincode)).limit(1);
      return row ?? null;
    },
    async products(ids) {
      if (ids.length === 0) return [];
      return db
        .select(productFactColumns)
        .from(products)
        .where(inArray(products.id, [...ids]));
    },
  };
}

/**
 * The same reads remembered in the response cache's window (benchmark target: 3,000 estimates/s, issue 22): the
 * directory changes only by a serviceability import and products by the back office, and both invalidate the response
 * cache, here and in every other API process (LISTEN/NOTIFY). An unknown pincode or product is remembered as such.
 * With the cache off (tests, CATALOGUE_CACHE_SECONDS=0) every estimate reads the database.
 */
export function memoisedLookups(
  inner: DeliveryLookups,
  tables: { pincodes: MemoTable<PincodeRow | null>; products: MemoTable<ProductDeliveryFacts | null> },
): DeliveryLookups {
  return {
    async pincode(pincode) {
      const hit = tables.pincodes.get(pincode);
      if (hit !== undefined) return hit;
      const row = await inner.pincode(pincode);
      tables.pincodes.set(pincode, row);
      return row;
    },
    async products(ids) {
      const known: ProductDeliveryFacts[] = [];
      const missing: string[] = [];
      for (const id of ids) {
        const hit = tables.products.get(id);
        if (hit === undefined) missing.push(id);
        else if (hit !== null) known.push(hit);
      }
      if (missing.length === 0) return known;
      const found = await inner.products(missing);
      const byId = new Map(found.map((product) => [product.id, product]));
      for (const id of missing) tables.products.set(id, byId.get(id) ?? null);
      return [...known, ...found];
    },
  };
}
