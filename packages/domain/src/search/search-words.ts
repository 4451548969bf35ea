/**
 * The words of a text as the search compares them: NFKC, lower case, split at anything that is not a letter, digit or
 * combining mark. The database splits product names and tags at spaces and punctuation when it fills search_words
 * (migration 0012), so a word typed here and a word stored there agree ("Hand-painted" is "hand" and "painted" on
 * both sides). No word keeps a character that means something to to_tsquery (& | ! ( ) : * < > ').
 */
export function searchWordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => word.length > 0);
}

/** A synonym term as stored and compared: its words joined by single spaces ("Name  Plate" is "name plate"). */
export function normaliseTerm(term: string): string {
  return searchWordsOf(term).join(' ');
}
