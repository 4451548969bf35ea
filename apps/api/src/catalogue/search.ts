import type { Database } from '@shop/db';
import { categories, products } from '@shop/db';
import { SEARCH_RESULT_CAP, type Paginated, type ProductSummary } from '@shop/domain/catalogue';
import { planSearch, type SearchPlan, type SearchSlot } from '@shop/domain/search/query-plan';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { pageOf } from '../lib/page.ts';
import { rowsOf } from '../lib/rows.ts';
import { executeNamed, fixedStatement } from '../orders/named-statement.ts';
import { emptyPage, published } from './listing.ts';
import type { CatalogueReader } from './reader.ts';
import { currentLexiconVersion, heldLexicon, type HeldLexicon, lexiconVersion, reloadLexicon } from './search-vocabulary.ts';
import { summaryColumns, summariesInIdOrder } from './summary.ts';

/**
 * Search (issue 25, decision 076): the query is planned in the domain package (query-plan.ts: each word, its
 * synonyms, its prefix and, for a word the catalogue does not know, the catalogue words within one or two edits),
 * then answered by one full-text query on the weighted search_vector (name A, tags B, description C) through its GIN
 * index (products_search_idx). No similarity scan over product names: the typo is corrected against the catalogue's
 * vocabulary before the database is asked.
 *
 * Order: available before sold out (decision 075), then how well each word matched (matchQuality: exact above prefix
 * above corrected, in the name and tags above the description), then the full-text rank, then best sellers. When
 * more than SEARCH_CANDIDATES products match, only that many are ranked (decision 092): a broad word on a big
 * catalogue costs the same as a narrow one.
 */

/**
 * A term ("name plate") as a to_tsquery operand: its words as a phrase. Words hold only letters, digits and marks
 * (searchWordsOf). `weights` "AB" limits a word to the name and tags.
 */
const operand = (term: string, weights = '') => {
  const words = term.split(' ').map((word) => (weights ? `${word}:${weights}` : word));
  return words.length === 1 ? (words[0] as string) : `(${words.join(' <-> ')})`;
};

const anyOf = (operands: string[]) => `(${operands.join(' | ')})`;

function slotQuery(slot: SearchSlot): string {
  return anyOf([...slot.exact.map((term) => operand(term)), ...(slot.prefix ? [`${slot.prefix}:*`] : []), ...slot.fuzzy.map((term) => operand(term))]);
}

const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;

/**
 * How a value enters a search statement: as itself (a parameter, the default), or as a named placeholder, so that one
 * statement built per shape serves every search of that shape (rankedStatement). Both give the same text.
 */
type Bind = (name: string, value: unknown) => SQL | ReturnType<typeof sql.placeholder>;
const byValue: Bind = (_name, value) => sql`${value}`;
const byPlaceholder: Bind = (name) => sql.placeholder(name);

/** Turns a to_tsquery text into SQL: parsed where it stands, or (searchQueries) read from the query's CTE. */
export type QueryOf = (text: string) => SQL;

/**
 * How well a product matches one slot: its exact word or a synonym in the name or tags 4, elsewhere (description) 3;
 * the prefix in the name or tags 2, elsewhere 1; only a correction 0. Summed over the slots, so exact and prefix
 * matches rank above corrected ones, and "Shagun Hamper" above a hamper whose description mentions shagun.
 */
function qualityTexts(plan: SearchPlan): { text: string; score: number }[][] {
  return plan.slots.map((slot) => [
    { text: anyOf(slot.exact.map((term) => operand(term, 'AB'))), score: 4 },
    { text: anyOf(slot.exact.map((term) => operand(term))), score: 3 },
    ...(slot.prefix
      ? [
          { text: `${slot.prefix}:*AB`, score: 2 },
          { text: `${slot.prefix}:*`, score: 1 },
        ]
      : []),
  ]);
}

function matchQuality(plan: SearchPlan, queryOf: QueryOf): SQL {
  const parts = qualityTexts(plan).map((cases) => {
    const whens = cases.map(({ text, score }) => sql`when ${products.searchVector} @@ ${queryOf(text)} then ${sql.raw(String(score))}`);
    return sql`(case ${sql.join(whens, sql` `)} else 0 end)`;
  });
  return sql.join(parts, sql` + `);
}

const whereText = (plan: SearchPlan, joiner: ' & ' | ' | ') => plan.slots.map(slotQuery).join(joiner);

/** The products a plan finds: every slot (' & ') or any slot (' | '), through products_search_idx. */
export function searchCondition(plan: SearchPlan, joiner: ' & ' | ' | ' = ' & ', queryOf: QueryOf = tsquery): { query: SQL; where: SQL } {
  const query = queryOf(whereText(plan, joiner));
  return { query, where: and(published, sql`${products.searchVector} @@ ${query}`) as SQL };
}

/**
 * Every tsquery of a search, parsed once inside the query that uses it: a MATERIALIZED CTE parses each text once,
 * and each use reads it back as `(select qN from search_queries)`, an InitPlan PostgreSQL runs once and can use as
 * the GIN index's condition. Written inline, to_tsquery() is STABLE, so PostgreSQL would call it again for every
 * matching row in every CASE and in the rank (thousands of parses for "lamp"). Not knowing the value while planning,
 * PostgreSQL estimates a match at 0.5 % of the rows and reads them through products_search_idx; given the query
 * itself and the LIMIT on the candidates, it would often read the table in order instead, pricing each `@@` like an
 * integer comparison when it costs microseconds (decision 092). One round trip instead of two.
 */
export function searchQueries(texts: string[], bind: Bind = byValue): { with: SQL; queryOf: QueryOf } {
  const unique = [...new Set(texts)];
  const columns = unique.map((text, index) => sql`to_tsquery('english', ${bind(`t${index}`, text)}) as ${sql.identifier(`q${index}`)}`);
  const positions = new Map(unique.map((text, index) => [text, index]));
  return {
    with: sql`with search_queries as materialized (select ${sql.join(columns, sql`, `)})`,
    queryOf: (text) => {
      const index = positions.get(text);
      if (index === undefined) throw new Error(`tsquery text not prepared: ${text}`);
      return sql`(select ${sql.identifier(`q${index}`)} from search_queries)`;
    },
  };
}

interface RankedId {
  id: string;
  total: number;
}

/**
 * Ranking reads every row it orders, so it orders at most this many: the first matches the GIN index yields
 * (decision 092). `total` is exact below it and a lower bound at it ("240+"). A search with fewer matches is ranked
 * in full, as before.
 */
export const SEARCH_CANDIDATES = SEARCH_RESULT_CAP;

/**
 * The candidates: at most SEARCH_CANDIDATES matching rows, only the columns the ranking reads, straight from a bitmap
 * scan of products_search_idx with no ORDER BY, so PostgreSQL stops reading the table at the limit. Aliased
 * "products" so the ranking's column references apply to it.
 */
function candidateRows(where: SQL): SQL {
  return sql`(select ${products.id}, ${products.soldOut}, ${products.unitsSold}, ${products.searchVector}
    from ${products} where ${where} limit ${CANDIDATE_LIMIT}) as ${sql.identifier('products')}`;
}

/**
 * Written into the statement rather than bound: the ranking runs as a named prepared statement (decision 127), and once
 * PostgreSQL plans one generically it assumes an unknown LIMIT keeps 10 % of the rows, which can tip it into reading
 * the table in order. A constant keeps every plan, custom or generic, the one decision 092 measured.
 */
const CANDIDATE_LIMIT = sql.raw(String(SEARCH_CANDIDATES));

/** Every tsquery text a page of this plan uses. */
const queryTexts = (plan: SearchPlan, joiner: ' & ' | ' | ') => [whereText(plan, joiner), ...qualityTexts(plan).flatMap((cases) => cases.map((c) => c.text))];

/**
 * The queries for one page of a plan: the page's ids in order over the candidates with their count, and (for a page
 * past the last candidate) the count alone. Exported for the plan test, which explains exactly this.
 */
export function searchPageQueries(
  plan: SearchPlan,
  joiner: ' & ' | ' | ',
  window: { limit: number; offset: number },
  bind: Bind = byValue,
): { rankedIds: SQL; count: SQL } {
  const { with: withQueries, queryOf } = searchQueries(queryTexts(plan, joiner), bind);
  const { query, where } = searchCondition(plan, joiner, queryOf);
  return {
    rankedIds: sql`${withQueries}
      select ${products.id} as id, (count(*) over ())::int as total
      from ${candidateRows(where)}
      order by ${products.soldOut} asc, ${matchQuality(plan, queryOf)} desc, ts_rank_cd(${products.searchVector}, ${query}) desc,
        ${products.unitsSold} desc, ${products.id} desc
      limit ${bind('limit', window.limit)} offset ${bind('offset', window.offset)}`,
    count: sql`${withQueries} select count(*)::int as n from (select 1 from ${products} where ${where} limit ${CANDIDATE_LIMIT}) matches`,
  };
}

/**
 * The ranking is named (prepared once per pooled connection, then only bound: decision 127) when the plan has at most
 * this many slots. Its text depends only on the plan's shape (slots, prefixes, which texts coincide, AND or OR), never
 * on the words, so one, two and three words give a few dozen shapes a connection keeps; longer searches are rarer and
 * run unnamed, so no connection collects an unbounded number of statements.
 */
const NAMED_SLOTS = 3;

type Statement = (db: Database, values: Record<string, unknown>) => Promise<unknown>;

/** The ranking statements built so far, by shape: only plans of at most NAMED_SLOTS slots, so a few dozen at most. */
const rankedStatements = new Map<string, Statement>();

/**
 * The ranking of a plan of at most NAMED_SLOTS slots and its values: the statement is built (Drizzle's templates, then
 * its text and name) once per shape, with placeholders, and each search only fills in its texts and window. Building
 * it per search was a third of the API's own time a search (decision 127). The shape is what the text depends on: which
 * slots have a prefix, and which of the plan's tsquery texts coincide (searchQueries parses each distinct text once).
 */
function rankedStatement(
  plan: SearchPlan,
  joiner: ' & ' | ' | ',
  window: { limit: number; offset: number },
): { run: Statement; values: Record<string, unknown> } {
  const texts = queryTexts(plan, joiner);
  const unique = [...new Set(texts)];
  const key = `${plan.slots.map((slot) => (slot.prefix ? 'p' : '-')).join('')}:${texts.map((text) => unique.indexOf(text)).join(',')}`;
  let run = rankedStatements.get(key);
  if (run === undefined) {
    run = fixedStatement('search-ranked', searchPageQueries(plan, joiner, window, byPlaceholder).rankedIds);
    rankedStatements.set(key, run);
  }
  const values: Record<string, unknown> = { limit: window.limit, offset: window.offset };
  unique.forEach((text, index) => (values[`t${index}`] = text));
  return { run, values };
}

/** The page's ranked ids: a statement built once per shape for short plans, built and run unnamed for long ones. */
async function rankedIds(db: Database, plan: SearchPlan, joiner: ' & ' | ' | ', window: { limit: number; offset: number }): Promise<RankedId[]> {
  if (plan.slots.length > NAMED_SLOTS)
    return rowsOf<RankedId>(await executeNamed(db, 'search-ranked', searchPageQueries(plan, joiner, window).rankedIds, false));
  const { run, values } = rankedStatement(plan, joiner, window);
  return rowsOf<RankedId>(await run(db, values));
}

/** A page of a search and the lexicon version its summaries were read with (null when no statement told it). */
interface SearchAnswer {
  page: Paginated<ProductSummary>;
  version: string | null;
}

/**
 * The page's summaries by id, with the lexicon's version (an InitPlan, run once per statement): one named statement
 * of a single shape (the ids are one array parameter), so the check that the lexicon is current costs no round trip.
 */
function prepareSummaries(db: Database) {
  return db
    .select({ ...summaryColumns, lexiconVersion })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('search-summaries');
}
const summaryReads = new WeakMap<Database, ReturnType<typeof prepareSummaries>>();

async function summariesWithVersion(db: Database, ids: string[]): Promise<{ data: ProductSummary[]; version: string | null }> {
  let read = summaryReads.get(db);
  if (!read) summaryReads.set(db, (read = prepareSummaries(db)));
  const rows = await read.execute({ ids });
  return { data: summariesInIdOrder(ids, rows), version: rows[0]?.lexiconVersion ?? null };
}

/**
 * Ranking visits every candidate, so that pass reads as little as possible: ids, rank inputs and a window count. The
 * page's summaries are then fetched by id (2.4× faster on 100k products than ranking the full summary rows).
 */
async function rankedPage(db: Database, plan: SearchPlan, joiner: ' & ' | ' | ', options: { page: number; limit: number }): Promise<SearchAnswer> {
  const { page, limit } = options;
  const offset = (page - 1) * limit;
  const window = { limit: limit + 1, offset };
  const ranked = await rankedIds(db, plan, joiner, window);
  if (ranked[0] !== undefined) {
    const { data, version } = await summariesWithVersion(
      db,
      ranked.slice(0, limit).map((row) => row.id),
    );
    return { page: pageOf(data, Number(ranked[0].total), page, limit), version };
  }
  if (offset === 0) return { page: pageOf([], 0, page, limit), version: null };
  // Past the last match (or the last candidate) no row carries the window count, so count separately.
  const count = searchPageQueries(plan, joiner, window).count;
  const counted = rowsOf<{ n: number }>(await executeNamed(db, 'search-count', count, plan.slots.length <= NAMED_SLOTS));
  return { page: pageOf([], Number(counted[0]?.n ?? 0), page, limit), version: null };
}

/** The search with one lexicon: every word (AND) and, when nothing has them all, any of them (OR). */
async function searchWith(db: Database, lexicon: HeldLexicon, q: string, page: number, limit: number): Promise<SearchAnswer> {
  const plan = planSearch(q, lexicon.vocabulary, lexicon.synonyms);
  // No words, nothing the lexicon could change.
  if (plan.slots.length === 0) return { page: emptyPage(page, limit), version: lexicon.version };
  const all = await rankedPage(db, plan, ' & ', { page, limit });
  // Nothing has every word ("personalised keychain for dad"): products with most of them are better than nothing.
  if (all.page.total > 0 || plan.slots.length === 1) return all;
  return rankedPage(db, plan, ' | ', { page, limit });
}

/**
 * A search, planned with the lexicon this process holds (search-vocabulary.ts) and checked against the tables it came
 * from in the same statement as the summaries: when a word or a synonym changed since, the search is planned and run
 * again with a fresh lexicon, so the answer is the one a lexicon read per request gives (decision 127). A search that
 * found nothing asks the version alone (a missing correction is what a stale lexicon would cause).
 */
export async function searchProducts(reader: CatalogueReader, q: string, page: number, limit: number): Promise<Paginated<ProductSummary>> {
  const db = reader.db;
  const lexicon = await heldLexicon(db);
  const answer = await searchWith(db, lexicon, q, page, limit);
  const version = answer.version ?? (await currentLexiconVersion(db));
  if (version === lexicon.version) return answer.page;
  return (await searchWith(db, await reloadLexicon(db, lexicon), q, page, limit)).page;
}
