import type { Database } from '@shop/db';

/**
 * Remembers a value derived from the catalogue for the response cache's window and forgets it when the catalogue
 * changes (plugins/response-cache.ts `memo`); with the cache off it loads every time.
 */
type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** What the catalogue's read services need: the database and the memo for derived values. */
export interface CatalogueReader {
  db: Database;
  memo: Memo;
}

/** A reader that remembers nothing (scripts, tests). */
export const uncached = (db: Database): CatalogueReader => ({ db, memo: (_key, load) => load() });

/** The reader of an API process: its database and its response cache's memo. */
export const catalogueReader = (app: { db: Database; responseCache: { memo: Memo } }): CatalogueReader => ({
  db: app.db,
  memo: (key, load) => app.responseCache.memo(key, load),
});
