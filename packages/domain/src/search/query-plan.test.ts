import { describe, expect, it } from 'vitest';
import { planSearch, synonymIndex, synonymWords } from './query-plan.ts';
import { searchWordsOf } from './search-words.ts';
import { Vocabulary } from './vocabulary.ts';

const groups = [
  ['rakhi', 'raakhi', 'rakhee'],
  ['nameplate', 'name plate'],
  ['jhumka', 'jhumki'],
];
const synonyms = synonymIndex(groups);
const vocabulary = new Vocabulary([
  'keychain',
  'locket',
  'frame',
  'photo',
  'lamp',
  'lampshade',
  'cushion',
  'illusion',
  'name',
  'plate',
  'mug',
  ...synonymWords(synonyms),
]);
const plan = (q: string) => planSearch(q, vocabulary, synonyms).slots;

describe('searchWordsOf', () => {
  it('lower-cases and splits at anything but letters, digits and marks; no to_tsquery operator survives', () => {
    expect(searchWordsOf('  Hand-painted  NAME plate!')).toEqual(['hand', 'painted', 'name', 'plate']);
    expect(searchWordsOf("a & b | !c (d):* <-> it's \\")).toEqual(['a', 'b', 'c', 'd', 'it', 's']);
    expect(searchWordsOf('Macramé नाम')).toEqual(['macramé', 'नाम']);
  });
});

describe('planSearch', () => {
  it('corrects a word the catalogue does not know towards words within its edits', () => {
    expect(plan('kecyhain')).toEqual([{ exact: ['kecyhain'], prefix: 'kecyhain', fuzzy: ['keychain'] }]);
    expect(plan('locekt frmae')).toEqual([
      { exact: ['locekt'], prefix: 'locekt', fuzzy: ['locket'] },
      { exact: ['frmae'], prefix: 'frmae', fuzzy: ['frame'] },
    ]);
    // "cusion" is one letter from cushion, three from illusion.
    expect(plan('cusion')[0]?.fuzzy).toEqual(['cushion']);
  });

  it('leaves known words and prefixes alone (no corrections), and short words exact', () => {
    expect(plan('lamp')).toEqual([{ exact: ['lamp'], prefix: 'lamp', fuzzy: [] }]);
    expect(plan('lamps')[0]?.fuzzy).toEqual([]); // the start of "lampshade"
    expect(plan('cushions')[0]?.fuzzy).toEqual(['cushion']);
    expect(plan('keych')).toEqual([{ exact: ['keych'], prefix: 'keych', fuzzy: [] }]);
    expect(plan('mgu')).toEqual([{ exact: ['mgu'], prefix: 'mgu', fuzzy: [] }]);
    expect(plan('ab')).toEqual([{ exact: ['ab'], prefix: null, fuzzy: [] }]);
  });

  it('expands synonyms, phrases first, and corrects towards a synonym word too', () => {
    expect(plan('raakhi')).toEqual([{ exact: ['raakhi', 'rakhi', 'rakhee'], prefix: 'raakhi', fuzzy: [] }]);
    expect(plan('wooden name plate')).toEqual([
      { exact: ['wooden'], prefix: 'wooden', fuzzy: [] },
      { exact: ['name plate', 'nameplate'], prefix: null, fuzzy: [] },
    ]);
    expect(plan('jhumkii')[0]?.fuzzy).toEqual(['jhumki', 'jhumka']);
  });

  it('ignores words beyond the eighth and gives no slots for an empty query', () => {
    expect(plan('a b c d e f g h i j')).toHaveLength(8);
    expect(plan(' -- ')).toEqual([]);
  });
});

describe('synonymIndex', () => {
  it('normalises terms and merges groups that share a term', () => {
    const index = synonymIndex([
      ['Diya', ' Deeya '],
      ['diya', 'deepak'],
    ]);
    expect(index.get('deeya')).toEqual(['diya', 'deeya']);
    expect(index.get('diya')).toEqual(['diya', 'deeya', 'deepak']);
  });
});
