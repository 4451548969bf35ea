import { normaliseTerm, searchWordsOf } from './search-words.ts';
import type { Vocabulary } from './vocabulary.ts';

/**
 * What a search looks for (issue 25, decision 076). The query is cut into slots, one per word or per synonym
 * phrase ("name plate"); a product must match every slot (or, when nothing matches them all, as many as possible).
 * Each slot says how it may be matched, best first, so exact and prefix matches rank above corrected ones:
 * - exact: the word itself (the database stems it: "keychains" finds "keychain") and its synonyms;
 * - prefix: the word as the start of a longer one ("keych", "lamps" is exact already), from 3 letters;
 * - fuzzy: catalogue words within the edits the word allows (edit-distance.ts), only for a word that is neither a
 *   catalogue word nor the start of one, plus the synonyms of those words.
 * Terms may be phrases of several words; the API turns each into a phrase query.
 */
export interface SearchSlot {
  exact: string[];
  prefix: string | null;
  fuzzy: string[];
}

export interface SearchPlan {
  slots: SearchSlot[];
}

/** A query's words beyond this many are ignored (a search box is not a document). */
export const MAX_SEARCH_WORDS = 8;
/** At most this many corrections per word, closest first. */
export const MAX_CORRECTIONS = 8;
/** Prefix matching starts at this many letters ("la" would match half the catalogue). */
export const MIN_PREFIX_LETTERS = 3;

/** The synonym table as the planner reads it: each term (normalised) to its group's terms. */
export type SynonymIndex = Map<string, string[]>;

export function synonymIndex(groups: readonly (readonly string[])[]): SynonymIndex {
  const index: SynonymIndex = new Map();
  for (const group of groups) {
    const terms = [...new Set(group.map(normaliseTerm).filter((term) => term.length > 0))];
    for (const term of terms) index.set(term, [...new Set([...(index.get(term) ?? []), ...terms])]);
  }
  return index;
}

/** Every word of the synonym table, so a misspelt Hinglish word ("jhumkii") is corrected towards its group too. */
export function synonymWords(index: SynonymIndex): string[] {
  return [...new Set([...index.keys()].flatMap((term) => term.split(' ')))];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function wordSlot(word: string, vocabulary: Vocabulary, synonyms: SynonymIndex): SearchSlot {
  const prefix = Array.from(word).length >= MIN_PREFIX_LETTERS ? word : null;
  const known = vocabulary.has(word) || (prefix !== null && vocabulary.hasPrefix(word));
  const fuzzy = known ? [] : vocabulary.near(word, MAX_CORRECTIONS).flatMap((candidate) => [candidate, ...(synonyms.get(candidate) ?? [])]);
  return { exact: [word], prefix, fuzzy: unique(fuzzy).filter((term) => term !== word) };
}

export function planSearch(query: string, vocabulary: Vocabulary, synonyms: SynonymIndex): SearchPlan {
  const words = searchWordsOf(query).slice(0, MAX_SEARCH_WORDS);
  const longestTerm = Math.max(1, ...[...synonyms.keys()].map((term) => term.split(' ').length));
  const slots: SearchSlot[] = [];
  let at = 0;
  while (at < words.length) {
    let matched = false;
    // The longest synonym phrase starting here wins: "name plate" before "name".
    for (let length = Math.min(longestTerm, words.length - at); length >= 1 && !matched; length--) {
      const term = words.slice(at, at + length).join(' ');
      const group = synonyms.get(term);
      if (!group) continue;
      const prefix = length === 1 && Array.from(term).length >= MIN_PREFIX_LETTERS ? term : null;
      slots.push({ exact: unique([term, ...group]), prefix, fuzzy: [] });
      at += length;
      matched = true;
    }
    if (!matched) {
      slots.push(wordSlot(words[at] as string, vocabulary, synonyms));
      at += 1;
    }
  }
  return { slots };
}
