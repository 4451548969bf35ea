import { describe, expect, it } from 'vitest';
import { PINCODES_CHANGED, productsChanged } from '../lib/catalogue-change.ts';
import { WarmDeliveryLookups } from './delivery-directory.ts';
import type { DeliveryLookups, PincodeRow, ProductDeliveryFacts } from './delivery-lookups.ts';
import type { DirectorySource } from './directory-source.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const pincodeRow = (n: number, state = 'Kerala'): PincodeRow => ({
  pincode: String(600000 + n),
  district: `District ${n}`,
  state,
  serviceable: true,
  cod: true,
  transitDays: null,
});
const product = (n: number, madeToOrderDays = 0): ProductDeliveryFacts => ({ id: id(n), madeToOrderDays, customizationType: null, cod: true, published: true });

/**
 * A database in memory: the tables the directory pages through, each read counted, and a gate that holds reads until
 * it is opened (a reload in progress). The fallback reads it too, as the memo reads through to the database.
 */
function fakeDatabase(pincodeCount: number, productCount: number) {
  const tables = {
    pincodes: Array.from({ length: pincodeCount }, (_, n) => pincodeRow(n)),
    products: Array.from({ length: productCount }, (_, n) => product(n)),
  };
  const reads = { pincodePages: 0, productPages: 0, byId: 0, fallback: 0 };
  let gate: Promise<void> | null = null;
  let failing: Error | null = null;
  const wait = async () => {
    if (gate) await gate;
    if (failing) throw failing;
  };
  const source: DirectorySource = {
    async pincodePage(after, limit) {
      await wait();
      reads.pincodePages++;
      return tables.pincodes
        .filter((row) => row.pincode > after)
        .slice(0, limit)
        .map((row) => ({ ...row }));
    },
    async productPage(after, limit) {
      await wait();
      reads.productPages++;
      return tables.products
        .filter((row) => row.id > after)
        .slice(0, limit)
        .map((row) => ({ ...row }));
    },
    async productCount() {
      await wait();
      return tables.products.length;
    },
    async productsById(ids) {
      await wait();
      reads.byId++;
      return tables.products.filter((row) => ids.includes(row.id)).map((row) => ({ ...row }));
    },
  };
  const fallback: DeliveryLookups = {
    pincode(pincode) {
      reads.fallback++;
      return Promise.resolve(tables.pincodes.find((row) => row.pincode === pincode) ?? null);
    },
    products(ids) {
      reads.fallback++;
      return Promise.resolve(tables.products.filter((row) => ids.includes(row.id)).map((row) => ({ ...row })));
    },
  };
  return {
    tables,
    reads,
    source,
    fallback,
    /** Holds every read until the returned function is called. */
    hold(): () => void {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
    fail(error: Error | null) {
      failing = error;
    },
  };
}

const days = async (lookups: DeliveryLookups, n: number) => (await lookups.products([id(n)]))[0]?.madeToOrderDays;

describe('the in-memory delivery directory (decision 119)', () => {
  it('loads both tables in pages and then answers from memory alone', async () => {
    const db = fakeDatabase(25, 7);
    const directory = new WarmDeliveryLookups(db.source, db.fallback, { maxAgeMs: 60_000, pageSize: 10 });
    expect(directory.warm).toBe(false);
    await directory.load();
    expect(directory.warm).toBe(true);
    expect(db.reads).toMatchObject({ pincodePages: 3, productPages: 1 });
    expect(await directory.pincode('600024')).toMatchObject({ district: 'District 24' });
    expect(await directory.pincode('699999')).toBeNull();
    expect((await directory.products([id(3), id(6), id(99)])).map((row) => row.id)).toEqual([id(3), id(6)]);
    expect(db.reads.fallback).toBe(0);
    directory.close();
  });

  it('answers a burst of 50 stock changes with at most two reloads of the products named, and keeps the last change', async () => {
    const db = fakeDatabase(5, 100);
    const directory = new WarmDeliveryLookups(db.source, db.fallback, { maxAgeMs: 60_000, settleMs: 50 });
    await directory.load();
    const before = { ...directory.reloads };
    for (let change = 1; change <= 50; change++) {
      db.tables.products[7] = product(7, change);
      directory.invalidate(productsChanged([id(7), id(8)]));
      // Meanwhile the product named is read as it is now (through the fallback), never as the memory had it.
      expect(await days(directory, 7)).toBe(change);
      if (change % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await directory.settle();
    expect(directory.reloads.namedProducts - before.namedProducts).toBeGreaterThanOrEqual(1);
    expect(directory.reloads.namedProducts - before.namedProducts).toBeLessThanOrEqual(2);
    // No product's table nor the directory read whole again, and no more than two queries for the two products.
    expect(directory.reloads).toMatchObject({ pincodes: before.pincodes, products: before.products });
    expect(db.reads.byId).toBeLessThanOrEqual(2);
    // Now from memory, with the last change.
    const fallbackReads = db.reads.fallback;
    expect(await days(directory, 7)).toBe(50);
    expect(await days(directory, 8)).toBe(0);
    expect(db.reads.fallback).toBe(fallbackReads);
    directory.close();
  });

  it('drops a product named by a change that the database no longer has', async () => {
    const db = fakeDatabase(5, 10);
    const directory = new WarmDeliveryLookups(db.source, db.fallback, { maxAgeMs: 60_000, settleMs: 1 });
    await directory.load();
    db.tables.products.splice(4, 1);
    directory.invalidate(productsChanged([id(4)]));
    await directory.settle();
    expect(await directory.products([id(4), id(5)])).toEqual([product(5)]);
    directory.close();
  });

  it('keeps answering from the tables it has while a full reload reads, and swaps them whole when it is done', async () => {
    const db = fakeDatabase(30, 30);
    const directory = new WarmDeliveryLookups(db.source, db.fallback, { maxAgeMs: 60_000, settleMs: 1, pageSize: 10 });
    await directory.load();
    db.tables.pincodes[3] = pincodeRow(3, 'Goa');
    for (const row of db.tables.products) row.madeToOrderDays = 9;
    const open = db.hold();
    directory.invalidate(PINCODES_CHANGED);
    directory.invalidate('');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The reload is held mid-way: the old tables answer, in memory (no fallback read), never half a table.
    expect(directory.warm).toBe(true);
    expect(await directory.pincode('600003')).toMatchObject({ state: 'Kerala' });
    expect(await directory.pincode('600029')).toMatchObject({ state: 'Kerala' });
    expect(await days(directory, 29)).toBe(0);
    expect(db.reads.fallback).toBe(0);
    open();
    await directory.settle();
    expect(await directory.pincode('600003')).toMatchObject({ state: 'Goa' });
    expect(await days(directory, 29)).toBe(9);
    expect(await days(directory, 0)).toBe(9);
    directory.close();
  });

  it('reloads only what a change names: the directory for an import, every product for anything else', async () => {
    const db = fakeDatabase(5, 5);
    const directory = new WarmDeliveryLookups(db.source, db.fallback, { maxAgeMs: 60_000, settleMs: 1 });
    await directory.load();
    directory.invalidate(PINCODES_CHANGED);
    await directory.settle();
    expect(directory.reloads).toEqual({ pincodes: 2, products: 1, namedProducts: 0 });
    directory.invalidate('');
    directory.invalidate('');
    await directory.settle();
    expect(directory.reloads).toEqual({ pincodes: 2, products: 2, namedProducts: 0 });
    directory.close();
  });

  it('keeps its tables when a reload fails, says so once, and tries again', async () => {
    const db = fakeDatabase(5, 5);
    const errors: unknown[] = [];
    const directory = new WarmDeliveryLookups(db.source, db.fallback, { maxAgeMs: 60_000, settleMs: 1, retryMs: 20, onError: (error) => errors.push(error) });
    await directory.load();
    db.fail(new Error('database down'));
    db.tables.products[1] = product(1, 4);
    directory.invalidate('');
    await directory.settle();
    expect(errors).toHaveLength(1);
    expect(await days(directory, 1)).toBe(0);
    expect(directory.warm).toBe(true);
    db.fail(null);
    await expect.poll(() => days(directory, 1)).toBe(4);
    expect(errors).toHaveLength(1);
    directory.close();
  });

  it('reads both tables again once they are older than their maximum age, in case a NOTIFY was lost', async () => {
    const db = fakeDatabase(5, 5);
    const directory = new WarmDeliveryLookups(db.source, db.fallback, { maxAgeMs: 30 });
    await directory.load();
    db.tables.pincodes[2] = pincodeRow(2, 'Goa');
    expect(await directory.pincode('600002')).toMatchObject({ state: 'Kerala' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    // The first request after the age starts the reload and is answered from the old table meanwhile.
    expect(await directory.pincode('600002')).toMatchObject({ state: 'Kerala' });
    await directory.settle();
    expect(directory.reloads).toEqual({ pincodes: 2, products: 2, namedProducts: 0 });
    expect(await directory.pincode('600002')).toMatchObject({ state: 'Goa' });
    directory.close();
  });

  it('leaves a shop with more products than it holds to the fallback', async () => {
    const db = fakeDatabase(5, 12);
    const directory = new WarmDeliveryLookups(db.source, db.fallback, { maxAgeMs: 60_000, maxProducts: 10 });
    await directory.load();
    expect(directory.warm).toBe(false);
    expect(await days(directory, 11)).toBe(0);
    expect(db.reads.fallback).toBe(1);
    expect(await directory.pincode('600001')).toMatchObject({ district: 'District 1' });
    expect(db.reads.fallback).toBe(1);
    directory.close();
  });
});
