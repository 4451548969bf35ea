import { allowedEdits, editDistanceWithin } from './edit-distance.ts';

/**
 * The catalogue's words (search_words: every word of a product's name and tags) and the synonym table's words, in
 * the shapes the query planner asks about: is this a word, does any word start with this, which words are within the
 * allowed edits. Built once per cache window; a few thousand words for 100k generated products.
 */
export class Vocabulary {
  private readonly words: Set<string>;
  private readonly sorted: string[];
  private readonly byLength = new Map<number, string[]>();

  constructor(words: Iterable<string>) {
    this.words = new Set([...words].filter((word) => word.length > 0));
    this.sorted = [...this.words].sort();
    for (const word of this.sorted) {
      const length = Array.from(word).length;
      const bucket = this.byLength.get(length);
      if (bucket) bucket.push(word);
      else this.byLength.set(length, [word]);
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
    const length = Array.from(word).length;
    const found: { word: string; distance: number }[] = [];
    for (let l = Math.max(1, length - max); l <= length + max; l++) {
      for (const candidate of this.byLength.get(l) ?? []) {
        if (candidate === word) continue;
        const distance = editDistanceWithin(word, candidate, max);
        if (distance !== null) found.push({ word: candidate, distance });
      }
    }
    const first = word[0];
    found.sort((a, b) => a.distance - b.distance || Number(b.word[0] === first) - Number(a.word[0] === first) || (a.word < b.word ? -1 : 1));
    return found.slice(0, limit).map((entry) => entry.word);
  }
}
