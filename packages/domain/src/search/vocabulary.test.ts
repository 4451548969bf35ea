import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedEdits } from './edit-distance.ts';
import { Vocabulary } from './vocabulary.ts';

/** The optimal-string-alignment distance, unbounded and written plainly: the reference near() must agree with. */
function osa(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  const d = Array.from({ length: s.length + 1 }, (_, i) => Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[s.length]![t.length]!;
}

/** What near() promises, computed the slow way over every word. */
function nearByHand(words: string[], word: string, limit: number): string[] {
  const max = allowedEdits(word);
  if (max === 0) return [];
  const first = word[0];
  return [...new Set(words.filter((w) => w.length > 0))]
    .filter((w) => w !== word)
    .map((w) => ({ word: w, distance: osa(word, w) }))
    .filter((entry) => entry.distance <= max)
    .sort((a, b) => a.distance - b.distance || Number(b.word[0] === first) - Number(a.word[0] === first) || (a.word < b.word ? -1 : 1))
    .slice(0, limit)
    .map((entry) => entry.word);
}

describe('Vocabulary.near', () => {
  it('finds exactly the words within the allowed edits, closest first, however often it is asked (shared rows)', () => {
    // Few letters, so words are often within reach; code points beyond the BMP and accents count as one letter.
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '𝒶'), minLength: 1, maxLength: 11 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), fc.array(word, { minLength: 1, maxLength: 5 }), (words, queries) => {
        const vocabulary = new Vocabulary(words);
        for (const query of queries) expect(vocabulary.near(query, 8), query).toEqual(nearByHand(words, query, 8));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps its answers for the misspellings of issue 25', () => {
    const vocabulary = new Vocabulary(['keychain', 'key', 'chain', 'locket', 'frame', 'necklace', 'cushion', 'illusion', 'wallet', 'candle', 'macramé']);
    expect(vocabulary.near('keychian', 8)).toEqual(['keychain']);
    expect(vocabulary.near('kecyhain', 8)).toEqual(['keychain']);
    expect(vocabulary.near('locekt', 8)).toEqual(['locket']);
    expect(vocabulary.near('frmae', 8)).toEqual(['frame']);
    expect(vocabulary.near('cusion', 8)).toEqual(['cushion']);
    expect(vocabulary.near('walet', 8)).toEqual(['wallet']);
    expect(vocabulary.near('cnadle', 8)).toEqual(['candle']);
    expect(vocabulary.near('macrame', 8)).toEqual(['macramé']);
  });
});
