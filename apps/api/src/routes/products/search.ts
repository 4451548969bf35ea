import type { Database } from '@shop/db';
import { categories, products } from '@shop/db';
import type { Paginated, ProductSummary } from '@shop/domain/catalogue';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { countCapped, published, totalOf } from './listing.ts';
import { summaryColumns, toSummary, type SummaryRow } from './summary.ts';

/**
 * Search = PostgreSQL full-text search on the weighted search_vector (name A, tags B, description C)
 * plus trigram word similarity of the query to the name, so a misspelt word ("keychian") still finds
 * "keychain". Both conditions are answered by GIN indexes (products_search_idx, products_name_trgm_idx).
 *
 * Two steps, because ranking is the costly part (every match is ranked): full-text alone first; when it
 * fills at least one page, its ranking stands. Only when it finds fewer matches than a page (a typo, a
 * rare word) is the query run again as full-text OR trigram, ranked by both — so typo tolerance costs
 * nothing on the common path.
 *
 * `q <% name` compares against pg_trgm.word_similarity_threshold (default 0.6). A one-letter swap in
 * an eight-letter word scores about 0.55, so the threshold is lowered to 0.5 for that transaction only
 * (set_config(..., true)); nothing leaks to other queries on the same connection.
 */
export const WORD_SIMILARITY_THRESHOLD = '0.5';

type RankedRow = SummaryRow & { total: number };

function rankedQuery(db: Database, where: SQL, rank: SQL, limit: number, offset: number) {
  // Ranking visits every match anyway, so counting them in the same query (a window count) is almost free.
  return db
    .select({ ...summaryColumns, total: sql<number>`(count(*) over ())::int` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(desc(rank), desc(products.unitsSold), desc(products.id))
    .limit(limit + 1)
    .offset(offset) as unknown as Promise<RankedRow[]>;
}

async function toPage(
  rows: RankedRow[],
  options: { page: number; limit: number; offset: number; count: () => Promise<number> },
): Promise<Paginated<ProductSummary>> {
  const { page, limit, offset } = options;
  const hasMore = rows.length > limit;
  const data = rows.slice(0, limit).map(toSummary);
  // Past the last match no row carries the window count, so count separately.
  const total = rows[0] !== undefined ? Number(rows[0].total) : await totalOf({ offset, returned: 0, hasMore, count: options.count });
  return { data, total, page, limit, hasMore };
}

export async function searchProducts(db: Database, q: string, page: number, limit: number): Promise<Paginated<ProductSummary>> {
  const offset = (page - 1) * limit;
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const fullText = sql`${products.searchVector} @@ ${tsquery}`;
  const textRank = sql`ts_rank_cd(${products.searchVector}, ${tsquery})`;

  const fullTextWhere = and(published, fullText) as SQL;
  const fullTextRows = await rankedQuery(db, fullTextWhere, textRank, limit, offset);
  const fullTextTotal = fullTextRows[0] !== undefined ? Number(fullTextRows[0].total) : offset === 0 ? 0 : await countCapped(db, fullTextWhere);
  if (fullTextTotal >= limit) {
    return toPage(fullTextRows, { page, limit, offset, count: () => countCapped(db, fullTextWhere) });
  }

  const where = and(published, sql`(${fullText} or ${q} <% ${products.name})`) as SQL;
  const rank = sql`${textRank} + word_similarity(${q}, ${products.name})`;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)`);
    const rows = await rankedQuery(txDb, where, rank, limit, offset);
    return toPage(rows, { page, limit, offset, count: () => countCapped(txDb, where) });
  });
}
