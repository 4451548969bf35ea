import { allowedEdits, codePointDistanceWithin } from './edit-distance.ts';

/**
 * The catalogue's words (search_words: every word of a product's name and tags) and the synonym table's words, in
 * the shapes the query planner asks about: is this a word, does any word start with this, which words are within the
 * allowed edits. Built once per lexicon (each API process holds one, decision 127); a few thousand words for 100k
 * generated products.
 */
export class Vocabulary {
  private readonly words: Set<string>;
  private readonly sorted: string[];
  /** The words by length in code points, each kept split into its code points for near()'s comparisons. */
  private readonly byLength = new Map<number, { word: string; letters: string[] }[]>();

  constructor(words: Iterable<string>) {
    this.words = new Set([...words].filter((word) => word.length > 0));
    this.sorted = [...this.words].sort();
    for (const word of this.sorted) {
      const letters = Array.from(word);
      const bucket = this.byLength.get(letters.length);
      if (bucket) bucket.push({ word, letters });
      else this.byLength.set(letters.length, [{ word, letters }]);
    }
  }

  get size(): number {
    return this.words.size;
  }

  has(word: string): boolean {
    return this.words.has(word);
  }

  /** Some word starts with `prefix` (binary search over the sorted words). */
  hasPrefix(prefix: string): boolean {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.sorted[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    return this.sorted[low]?.startsWith(prefix) ?? false;
  }

  /**
   * The words within the edits `word` allows (allowedEdits), closest first, then those sharing its first letter,
   * then alphabetical, at most `limit`. Only words whose length could be within reach are compared.
   */
  near(word: string, limit: number): string[] {
    const max = allowedEdits(word);
    if (max === 0) return [];
    const letters = Array.from(word);
    const length = letters.length;
    const found: { word: string; distance: number }[] = [];
    for (let l = Math.max(1, length - max); l <= length + max; l++) {
      for (const candidate of this.byLength.get(l) ?? []) {
        if (candidate.word === word) continue;
        const distance = codePointDistanceWithin(letters, candidate.letters, max);
        if (distance !== null) found.push({ word: candidate.word, distance });
      }
    }
    const first = word[0];
    found.sort((a, b) => a.distance - b.distance || Number(b.word[0] === first) - Number(a.word[0] === first) || (a.word < b.word ? -1 : 1));
    return found.slice(0, limit).map((entry) => entry.word);
  }
}
