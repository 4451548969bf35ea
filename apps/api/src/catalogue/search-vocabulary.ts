import { type Database, searchSynonyms, searchWords } from '@shop/db';
import { synonymIndex, synonymWords, type SynonymIndex } from '@shop/domain/search/query-plan';
import { Vocabulary } from '@shop/domain/search/vocabulary';
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
    const [words, groups] = await Promise.all([reader.db.select({ word: searchWords.word }).from(searchWords), synonymGroups(reader.db)]);
    const synonyms = synonymIndex(groups);
    return { vocabulary: new Vocabulary([...words.map((row) => row.word), ...synonymWords(synonyms)]), synonyms };
  });
}
