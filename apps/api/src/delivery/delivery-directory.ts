import { type Database, pincodes, products } from '@shop/db';
import { count } from 'drizzle-orm';
import type { DeliveryLookups, PincodeRow, ProductDeliveryFacts } from './delivery-lookups.ts';

/**
 * A table held whole in memory, loaded in the background and replaced whole. `invalidate` makes it unusable at once
 * (callers then read through their fallback) and starts a new load; a load that an invalidation overtook is thrown
 * away and read again. Once older than `maxAgeMs` it is reloaded in the background while still answering, in case an
 * invalidation was lost. `read` may answer null: the table is too big to hold, use the fallback.
 */
class Snapshot<V> {
  private map: Map<string, V> | null = null;
  private loadedAt = 0;
  private generation = 0;
  private loading: Promise<boolean> | null = null;
  closed = false;

  constructor(
    private readonly read: () => Promise<Map<string, V> | null>,
    private readonly maxAgeMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  current(): Map<string, V> | null {
    if (this.map && Date.now() - this.loadedAt > this.maxAgeMs && !this.loading) {
      this.loadedAt = Date.now();
      void this.load();
    }
    return this.map;
  }

  invalidate(): void {
    this.generation++;
    this.map = null;
    void this.load();
  }

  /** Resolves once a load has finished (the table in memory, or not: too big, or the load failed). */
  async load(): Promise<void> {
    for (let attempt = 0; attempt < 3 && !this.closed; attempt++) {
      this.loading ??= this.readOnce(this.generation).finally(() => {
        this.loading = null;
      });
      const fresh = await this.loading;
      if (fresh) return;
    }
  }

  /** True when the read is final (kept, too big, or failed); false when an invalidation overtook it. */
  private async readOnce(generation: number): Promise<boolean> {
    try {
      const map = await this.read();
      if (generation !== this.generation) return false;
      if (!this.closed) {
        this.map = map;
        this.loadedAt = Date.now();
      }
    } catch (error) {
      this.onError(error);
    }
    return true;
  }
}

/**
 * The whole pincode directory and every product's delivery facts, held in this process's memory: an estimate then
 * reads no database and waits for nothing, whether or not its pincode was asked for in the last 30 seconds (the
 * tail latency the per-key memo left, docs/benchmarks.md 2026-11-26). The directory is about 19,000 rows (a few MB),
 * changed only by a serviceability import; the products' facts are five small fields each.
 *
 * Freshness follows the response cache's invalidations, here and (NOTIFY) in every API process: every one reloads the
 * products (a product save, stock moves; cheap), and one that names `pincodes` (the serviceability import) the
 * directory. Until a reload is done estimates read through `fallback` (the per-key memo), so a change is seen at once.
 * A shop with more than `maxProducts` products keeps its products in the memo only.
 */
export class WarmDeliveryLookups implements DeliveryLookups {
  private readonly pincodeTable: Snapshot<PincodeRow>;
  private readonly productTable: Snapshot<ProductDeliveryFacts>;

  constructor(
    db: Pick<Database, 'select'>,
    private readonly fallback: DeliveryLookups,
    options: { maxAgeMs: number; maxProducts?: number; onError?: (error: unknown) => void },
  ) {
    const onError = options.onError ?? (() => undefined);
    const maxProducts = options.maxProducts ?? 50_000;
    this.pincodeTable = new Snapshot(async () => new Map((await db.select().from(pincodes)).map((row) => [row.pincode, row])), options.maxAgeMs, onError);
    this.productTable = new Snapshot(
      async () => {
        const [counted] = await db.select({ n: count() }).from(products);
        if (Number(counted?.n ?? 0) > maxProducts) return null;
        const rows = await db
          .select({
            id: products.id,
            madeToOrderDays: products.madeToOrderDays,
            customizationType: products.customizationType,
            cod: products.cod,
            published: products.published,
          })
          .from(products);
        return new Map(rows.map((row) => [row.id, row]));
      },
      options.maxAgeMs,
      onError,
    );
  }

  /** Whether the directory and the products are answered from memory (tests and the latency bench). */
  get warm(): boolean {
    return this.pincodeTable.current() !== null && this.productTable.current() !== null;
  }

  pincode(pincode: string): Promise<PincodeRow | null> {
    const map = this.pincodeTable.current();
    return map ? Promise.resolve(map.get(pincode) ?? null) : this.fallback.pincode(pincode);
  }

  products(ids: readonly string[]): Promise<ProductDeliveryFacts[]> {
    const map = this.productTable.current();
    if (!map) return this.fallback.products(ids);
    const found: ProductDeliveryFacts[] = [];
    for (const id of ids) {
      const facts = map.get(id);
      if (facts) found.push(facts);
    }
    return Promise.resolve(found);
  }

  /** The response cache was cleared: products always reload; the directory when the change names `pincodes`. */
  invalidate(changed: string): void {
    this.productTable.invalidate();
    if (changed === PINCODES_CHANGED) this.pincodeTable.invalidate();
  }

  /** Loads both tables (at start); resolves when both loads have finished. */
  async load(): Promise<void> {
    await Promise.all([this.pincodeTable.load(), this.productTable.load()]);
  }

  close(): void {
    this.pincodeTable.closed = true;
    this.productTable.closed = true;
  }
}

/** The response cache invalidation's `changed` for a change to the pincode directory (the serviceability import). */
export const PINCODES_CHANGED = 'pincodes';
