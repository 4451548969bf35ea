import { type Database, searchLexiconState, searchSynonyms, searchWords } from '@shop/db';
import { synonymIndex, synonymWords, type SynonymIndex } from '@shop/domain/search/query-plan';
import { Vocabulary } from '@shop/domain/search/vocabulary';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import { executeNamed } from '../orders/named-statement.ts';
import type { CatalogueReader } from './reader.ts';

export interface SearchLexicon {
  vocabulary: Vocabulary;
  synonyms: SynonymIndex;
}

/** A lexicon with the version of the tables it was read from (lexiconVersion). */
export interface HeldLexicon extends SearchLexicon {
  version: string;
}

/** The synonym groups, as stored (the back office's list and the planner both read this). */
export async function synonymGroups(db: Database): Promise<string[][]> {
  const rows = await db.select({ terms: searchSynonyms.terms }).from(searchSynonyms);
  return rows.map((row) => row.terms);
}

/**
 * What the lexicon was built from: the generation of search_lexicon's one row, which triggers on search_words and
 * search_synonyms add one to in the transaction that changes either (migration 0029). Any write to either table, from
 * this process, another one, a script or a test writing straight to the tables, changes it at its commit, with no
 * notification to wait for; and reading it is one primary-key row however large the vocabulary grows (decision 131;
 * decision 127 had counted the words and digested the synonyms on every search).
 */
export const lexiconVersion = sql<string>`(select ${searchLexiconState.generation}::text from ${searchLexiconState} where ${searchLexiconState.id} = 1)`;

/** The catalogue's words, the synonym groups and their version, in one statement (one snapshot, one round trip). */
async function loadLexicon(db: Database): Promise<HeldLexicon> {
  const rows = rowsOf<{ word: string | null; terms: string[] | null; version: string | null }>(
    await executeNamed(
      db,
      'search-lexicon',
      sql`select ${searchWords.word} as word, null::text[] as terms, null::text as version from ${searchWords}
        union all select null, ${searchSynonyms.terms}, null from ${searchSynonyms}
        union all select null, null, ${lexiconVersion}`,
    ),
  );
  const words: string[] = [];
  const groups: string[][] = [];
  let version = '';
  for (const row of rows) {
    if (row.word !== null) words.push(row.word);
    else if (row.terms !== null) groups.push(row.terms);
    else if (row.version !== null) version = row.version;
  }
  const synonyms = synonymIndex(groups);
  return { vocabulary: new Vocabulary([...words, ...synonymWords(synonyms)]), synonyms, version };
}

/**
 * The catalogue's words and the synonym table, remembered for the response cache's window and forgotten when the
 * catalogue or the synonyms change (both clear the cache). Read by the plan tests; searches use heldLexicon.
 */
export function searchLexicon(reader: CatalogueReader): Promise<SearchLexicon> {
  return reader.memo('search-lexicon', () => loadLexicon(reader.db));
}

interface Held {
  promise: Promise<HeldLexicon>;
  lexicon?: HeldLexicon;
}

/** One lexicon per database handle, for the life of the process (a few thousand words: well under a megabyte). */
const held = new WeakMap<Database, Held>();

function load(db: Database): Promise<HeldLexicon> {
  const entry: Held = { promise: loadLexicon(db) };
  held.set(db, entry);
  void entry.promise.then(
    (lexicon) => {
      entry.lexicon = lexicon;
    },
    () => {
      // A failed read is not remembered: the next search reads again.
      if (held.get(db) === entry) held.delete(db);
    },
  );
  return entry.promise;
}

/**
 * The lexicon this process holds for `db`, read on first use and kept whether or not the response cache is on: reading
 * a few thousand words and building their indexes on every search was a large part of an uncached search's cost
 * (decision 127). It is never trusted blindly: every search reads lexiconVersion in its summaries statement and plans
 * again with a fresh lexicon when the tables changed (search.ts), so answers are those of a lexicon read per request.
 */
export function heldLexicon(db: Database): Promise<HeldLexicon> {
  return held.get(db)?.promise ?? load(db);
}

/**
 * A new lexicon after a search found `stale`'s version out of date. Requests that find it out together share one
 * read: a lexicon other than `stale`, loaded or loading, is newer and is used as it is.
 */
export function reloadLexicon(db: Database, stale: HeldLexicon): Promise<HeldLexicon> {
  const entry = held.get(db);
  if (entry !== undefined && entry.lexicon !== stale) return entry.promise;
  return load(db);
}

/** The version alone, for a search that read no summaries (nothing found). */
export async function currentLexiconVersion(db: Database): Promise<string> {
  const [row] = rowsOf<{ version: string }>(await executeNamed(db, 'search-lexicon-version', sql`select ${lexiconVersion} as version`));
  return row?.version ?? '';
}
