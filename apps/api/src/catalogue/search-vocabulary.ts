import { type Database, searchSynonyms, searchWords } from '@shop/db';
import { synonymIndex, synonymWords, type SynonymIndex } from '@shop/domain/search/query-plan';
import { Vocabulary } from '@shop/domain/search/vocabulary';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import type { CatalogueReader } from './reader.ts';

export interface SearchLexicon {
  vocabulary: Vocabulary;
  synonyms: SynonymIndex;
}

/** The synonym groups, as stored (the back office's list and the planner both read this). */
export async function synonymGroups(db: Database): Promise<string[][]> {
  const rows = await db.select({ terms: searchSynonyms.terms }).from(searchSynonyms);
  return rows.map((row) => row.terms);
}

/**
 * The catalogue's words and the synonym table, remembered for the response cache's window and forgotten when the
 * catalogue or the synonyms change (both clear the cache). Two small reads: search_words has one row per distinct
 * word, not per product.
 */
export function searchLexicon(reader: CatalogueReader): Promise<SearchLexicon> {
  return reader.memo('search-lexicon', async () => {
    // One statement for both: on a cache miss every round trip counts (decision 092).
    const rows = rowsOf<{ word: string | null; terms: string[] | null }>(
      await reader.db.execute(
        sql`select ${searchWords.word} as word, null::text[] as terms from ${searchWords}
          union all select null, ${searchSynonyms.terms} from ${searchSynonyms}`,
      ),
    );
    const words = rows.flatMap((row) => (row.word === null ? [] : [row.word]));
    const synonyms = synonymIndex(rows.flatMap((row) => (row.terms === null ? [] : [row.terms])));
    return { vocabulary: new Vocabulary([...words, ...synonymWords(synonyms)]), synonyms };
  });
}
