import type { Database } from '@shop/db';
import { categories, products } from '@shop/db';
import type { Paginated, ProductSummary } from '@shop/domain/catalogue';
import { and, desc, eq, sql } from 'drizzle-orm';
import { countCapped, published, totalOf } from './listing.ts';
import { summaryColumns, toSummary, type SummaryRow } from './summary.ts';

/**
 * Search = PostgreSQL full-text search on the weighted search_vector (name A, tags B, description C)
 * OR trigram word similarity of the query to the name, so a misspelt word ("keychian") still finds
 * "keychain". Both conditions are answered by GIN indexes (products_search_idx, products_name_trgm_idx).
 *
 * `q <% name` compares against pg_trgm.word_similarity_threshold (default 0.6). A one-letter swap in
 * an eight-letter word scores about 0.55, so the threshold is lowered to 0.5 for this transaction only
 * (set_config(..., true)); nothing leaks to other queries on the same connection.
 */
export const WORD_SIMILARITY_THRESHOLD = '0.5';

export async function searchProducts(
  db: Database,
  q: string,
  page: number,
  limit: number,
): Promise<Paginated<ProductSummary>> {
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const where = and(
    published,
    sql`(${products.searchVector} @@ ${tsquery} or ${q} <% ${products.name})`,
  ) as ReturnType<typeof sql>;
  const rank = sql`ts_rank_cd(${products.searchVector}, ${tsquery}) + word_similarity(${q}, ${products.name})`;
  const offset = (page - 1) * limit;

  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY_THRESHOLD}, true)`);
    // Ranking visits every match anyway, so counting them in the same query is almost free.
    const rows = (await tx
      .select({ ...summaryColumns, total: sql<number>`(count(*) over ())::int` })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(desc(rank), desc(products.unitsSold), desc(products.id))
      .limit(limit + 1)
      .offset(offset)) as (SummaryRow & { total: number })[];
    const hasMore = rows.length > limit;
    const data = rows.slice(0, limit).map(toSummary);
    const total =
      rows[0] !== undefined
        ? Number(rows[0].total)
        : await totalOf({ offset, returned: 0, hasMore, count: () => countCapped(tx as unknown as Database, where) });
    return { data, total, page, limit, hasMore };
  });
}
