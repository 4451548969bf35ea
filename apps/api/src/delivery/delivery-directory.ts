import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { parseCatalogueChange } from '../lib/catalogue-change.ts';
import type { DeliveryLookups, PincodeRow, ProductDeliveryFacts } from './delivery-lookups.ts';
import type { DirectorySource } from './directory-source.ts';

export interface DirectoryOptions {
  /** A full reload after this long, in case an invalidation was lost (a dropped LISTEN connection). */
  maxAgeMs: number;
  /** Changes heard within this long of the first are read back by one reload (a burst of sell-outs: one reload). */
  settleMs?: number;
  /** A reload that failed is tried again after this long; meanwhile the tables it had stay in use. */
  retryMs?: number;
  /** A shop with more products than this keeps them in the fallback (the per-key memo) only. */
  maxProducts?: number;
  /** Rows a page: each page is mapped on the event loop in one go, so it stays small (a few milliseconds). */
  pageSize?: number;
  onError?: (error: unknown) => void;
}

/** What the changes heard since the last reload ask to read again. */
interface Work {
  pincodes: boolean;
  allProducts: boolean;
  products: Set<string>;
}

const emptyWork = (): Work => ({ pincodes: false, allProducts: false, products: new Set() });
const hasWork = (work: Work) => work.pincodes || work.allProducts || work.products.size > 0;
/** Ids a query asks for at once when products are read back by name. */
const NAMED_CHUNK = 500;

/**
 * The whole pincode directory and every product's delivery facts, held in this process's memory (decisions 112 and
 * 119): an estimate reads no database and waits for nothing. The directory is about 19,000 rows, changed only by a
 * serviceability import; the products' facts are five small fields each.
 *
 * Freshness follows the response cache's invalidations, here and (NOTIFY) in every API process, by what they name
 * (lib/catalogue-change.ts): `pincodes` reloads the directory; named products (a sell-out, one product's save) are read
 * back alone, and read through `fallback` (the per-key memo, emptied by the same invalidation) until they are, so their
 * change is seen at once; anything else reloads every product's facts. Changes heard within `settleMs` of each other
 * are answered by one reload, and one reload runs at a time. A full reload reads in pages (yielding between them) into
 * a new map that replaces the old one when complete: requests meanwhile are answered from the old one, so a change
 * shows within `settleMs` and a reload's time, far inside the response cache's window.
 */
export class WarmDeliveryLookups implements DeliveryLookups {
  private pincodeMap: Map<string, PincodeRow> | null = null;
  private productMap: Map<string, ProductDeliveryFacts> | null = null;
  /** Named products whose change is not read back yet, each with the number of the last change naming it. */
  private readonly changedProducts = new Map<string, number>();
  private changes = 0;
  private work: Work = emptyWork();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private failed = false;
  private fullLoadAt = 0;
  private closed = false;
  private readonly settleMs: number;
  private readonly retryMs: number;
  private readonly maxProducts: number;
  private readonly pageSize: number;
  private readonly onError: (error: unknown) => void;
  /** Reloads done since start (tests, the latency bench): the directory's, every product's, and named products'. */
  readonly reloads = { pincodes: 0, products: 0, namedProducts: 0 };

  constructor(
    private readonly source: DirectorySource,
    private readonly fallback: DeliveryLookups,
    private readonly options: DirectoryOptions,
  ) {
    this.settleMs = options.settleMs ?? 250;
    this.retryMs = options.retryMs ?? 10_000;
    this.maxProducts = options.maxProducts ?? 50_000;
    this.pageSize = options.pageSize ?? 2_000;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Whether the directory and the products are answered from memory (tests and the latency bench). */
  get warm(): boolean {
    return this.pincodeMap !== null && this.productMap !== null;
  }

  pincode(pincode: string): Promise<PincodeRow | null> {
    this.refreshWhenOld();
    const map = this.pincodeMap;
    return map ? Promise.resolve(map.get(pincode) ?? null) : this.fallback.pincode(pincode);
  }

  products(ids: readonly string[]): Promise<ProductDeliveryFacts[]> {
    const map = this.productMap;
    if (!map) return this.fallback.products(ids);
    const found: ProductDeliveryFacts[] = [];
    let changed: string[] | null = null;
    for (const id of ids) {
      if (this.changedProducts.has(id)) {
        (changed ??= []).push(id);
        continue;
      }
      const facts = map.get(id);
      if (facts) found.push(facts);
    }
    if (changed === null) return Promise.resolve(found);
    return this.fallback.products(changed).then((fresh) => found.concat(fresh));
  }

  /** The response cache was cleared, with what its invalidation says changed. */
  invalidate(changed: string): void {
    const change = parseCatalogueChange(changed);
    if (change.kind === 'pincodes') this.work.pincodes = true;
    else if (change.kind === 'anything') this.work.allProducts = true;
    else {
      this.changes++;
      for (const id of change.ids) {
        this.work.products.add(id);
        this.changedProducts.set(id, this.changes);
      }
    }
    this.schedule(this.settleMs);
  }

  /** Loads both tables now (at start, before the API listens); resolves when that and every change heard are loaded. */
  async load(): Promise<void> {
    this.work.pincodes = true;
    this.work.allProducts = true;
    await this.settle();
  }

  /** Resolves once no reload runs or waits (every change heard so far is read back), or one failed (it is retried later). */
  async settle(): Promise<void> {
    while (!this.closed && (this.running !== null || hasWork(this.work))) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
      if (!(await this.run())) return;
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Both tables again once the last full load is older than `maxAgeMs` (queued behind any reload, never starved by them). */
  private refreshWhenOld(): void {
    if (this.fullLoadAt === 0 || Date.now() - this.fullLoadAt <= this.options.maxAgeMs) return;
    this.fullLoadAt = Date.now();
    this.work.pincodes = true;
    this.work.allProducts = true;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.closed || this.timer !== null || this.running !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delayMs);
    this.timer.unref();
  }

  /** Runs one reload (or joins the running one); after it, changes heard meanwhile get their own. True unless it failed. */
  private run(): Promise<boolean> {
    this.running ??= this.reload().then((ok) => {
      this.running = null;
      if (hasWork(this.work)) this.schedule(ok ? this.settleMs : this.retryMs);
      return ok;
    });
    return this.running;
  }

  private async reload(): Promise<boolean> {
    const work = this.work;
    this.work = emptyWork();
    const upTo = this.changes;
    if (work.pincodes && work.allProducts) this.fullLoadAt = Date.now();
    try {
      if (work.pincodes) {
        const map = await this.readPincodes();
        if (this.closed) return true;
        this.pincodeMap = map;
        this.reloads.pincodes++;
        work.pincodes = false;
      }
      if (work.allProducts) {
        const map = await this.readAllProducts();
        if (this.closed) return true;
        this.productMap = map;
        this.reloads.products++;
      } else if (work.products.size > 0 && this.productMap !== null) {
        await this.readNamedProducts([...work.products], this.productMap);
        this.reloads.namedProducts++;
      }
      work.allProducts = false;
      work.products.clear();
      // Every change numbered up to `upTo` was in this reload's work: its products are in memory as they are now.
      for (const [id, change] of this.changedProducts) if (change <= upTo) this.changedProducts.delete(id);
      this.failed = false;
      return true;
    } catch (error) {
      // Logged once per outage, not every retry. What is not done yet is done by the retry.
      if (!this.failed) this.onError(error);
      this.failed = true;
      this.work.pincodes ||= work.pincodes;
      this.work.allProducts ||= work.allProducts;
      for (const id of work.products) this.work.products.add(id);
      return false;
    }
  }

  private async readPincodes(): Promise<Map<string, PincodeRow>> {
    const map = new Map<string, PincodeRow>();
    for (let after = ''; ;) {
      const page = await this.source.pincodePage(after, this.pageSize);
      for (const row of page) map.set(row.pincode, row);
      if (page.length < this.pageSize || this.closed) return map;
      after = page[page.length - 1]!.pincode;
      // PGlite can answer without giving the event loop a turn: requests go first between pages.
      await yieldToRequests();
    }
  }

  /** Null when the shop has more than `maxProducts` products: they are read through the fallback. */
  private async readAllProducts(): Promise<Map<string, ProductDeliveryFacts> | null> {
    if ((await this.source.productCount()) > this.maxProducts) return null;
    const map = new Map<string, ProductDeliveryFacts>();
    for (let after = ''; ;) {
      const page = await this.source.productPage(after, this.pageSize);
      for (const row of page) map.set(row.id, row);
      if (page.length < this.pageSize || this.closed) return map;
      after = page[page.length - 1]!.id;
      await yieldToRequests();
    }
  }

  /** Reads these products again into `map`, in place (a few rows: one synchronous step); a deleted one leaves it. */
  private async readNamedProducts(ids: string[], map: Map<string, ProductDeliveryFacts>): Promise<void> {
    const fresh = new Map<string, ProductDeliveryFacts>();
    for (let start = 0; start < ids.length; start += NAMED_CHUNK) {
      for (const row of await this.source.productsById(ids.slice(start, start + NAMED_CHUNK))) fresh.set(row.id, row);
    }
    for (const id of ids) {
      const row = fresh.get(id);
      if (row) map.set(id, row);
      else map.delete(id);
    }
  }
}
