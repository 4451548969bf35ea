import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistanceWithin } from './edit-distance.ts';

describe('allowedEdits', () => {
  it('allows none below 4 letters, one from 4, two from 8 (letters, not bytes)', () => {
    expect([allowedEdits('mug'), allowedEdits('lamp'), allowedEdits('necklac'), allowedEdits('keychain')]).toEqual([0, 1, 1, 2]);
    expect(allowedEdits('मग')).toBe(0);
    expect(allowedEdits('macramé')).toBe(1);
  });
});

describe('editDistanceWithin', () => {
  it.each([
    ['kecyhain', 'keychain', 1, 'swap in the middle'],
    ['keyhcain', 'keychain', 1, 'swap further on'],
    ['locekt', 'locket', 1, 'swap near the end'],
    ['frmae', 'frame', 1, 'swap of the 3rd and 4th letters'],
    ['rfame', 'frame', 1, 'swap at the start'],
    ['keychan', 'keychain', 1, 'deletion'],
    ['lampp', 'lamp', 1, 'insertion'],
    ['necklase', 'necklace', 1, 'substitution'],
    ['brasslet', 'bracelet', 2, 'two substitutions'],
    ['macrame', 'macramé', 1, 'an accent is one letter'],
  ])('%s → %s is %i edit(s) (%s)', (typed, word, distance) => {
    expect(editDistanceWithin(typed, word, 2)).toBe(distance);
    expect(editDistanceWithin(typed, word, distance - 1)).toBeNull();
  });

  it('gives up beyond max', () => {
    expect(editDistanceWithin('cusion', 'illusion', 1)).toBeNull();
    expect(editDistanceWithin('a', 'abcd', 2)).toBeNull();
    expect(editDistanceWithin('', 'ab', 2)).toBe(2);
  });

  it('is symmetric, zero only for equal words, and one for any single swap of different neighbours', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(editDistanceWithin(a, b, 3)).toBe(editDistanceWithin(b, a, 3));
        expect(editDistanceWithin(a, b, 3) === 0).toBe(a === b);
      }),
    );
    fc.assert(
      fc.property(word, fc.nat(), (a, at) => {
        if (a.length < 2) return;
        const i = at % (a.length - 1);
        if (a[i] === a[i + 1]) return;
        const swapped = a.slice(0, i) + a[i + 1] + a[i] + a.slice(i + 2);
        expect(editDistanceWithin(a, swapped, 2)).toBe(1);
      }),
    );
  });
});
