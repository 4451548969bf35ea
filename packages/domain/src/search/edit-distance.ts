/**
 * How far a typed word may be from a catalogue word and still find it (issue 25): one edit for words of 4 to 7
 * letters, two from 8 letters, none below 4 (a 3-letter word is one edit from too many others: "mug", "bag", "rug").
 * An edit is an inserted, deleted or substituted letter, or two neighbouring letters swapped ("locekt").
 */
export function allowedEdits(word: string): number {
  const letters = Array.from(word).length;
  if (letters >= 8) return 2;
  if (letters >= 4) return 1;
  return 0;
}

/**
 * The optimal-string-alignment distance between a and b (Levenshtein plus swaps of neighbouring letters), or null
 * when it is more than max. Works on code points, so "macramé" is seven letters. Bounded: it gives up as soon as a
 * whole row of the table exceeds max, which keeps a scan of a few thousand catalogue words well under a millisecond.
 */
export function editDistanceWithin(a: string, b: string, max: number): number | null {
  const s = Array.from(a);
  const t = Array.from(b);
  if (Math.abs(s.length - t.length) > max) return null;
  if (s.length === 0 || t.length === 0) return Math.max(s.length, t.length) <= max ? Math.max(s.length, t.length) : null;
  // Three rows of the dynamic-programming table: two back (for swaps), one back, and the current one.
  let twoBack: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, (twoBack[j - 2] as number) + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return null;
    twoBack = previous;
    previous = current;
  }
  const distance = previous[t.length] as number;
  return distance <= max ? distance : null;
}
