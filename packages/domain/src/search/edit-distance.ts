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
  return codePointDistanceWithin(Array.from(a), Array.from(b), max);
}

/**
 * Three rows of the dynamic-programming table (two back, for swaps; one back; the current one), reused by every call:
 * a search compares its word with a thousand or more catalogue words, and fresh rows for each were most of the cost
 * (decision 127). Calls never overlap (the function is synchronous), so sharing them is safe.
 */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * editDistanceWithin on words already split into code points (Vocabulary keeps its words split, so a search splits
 * only its own word). The same table, the same early exit, the same answers.
 */
export function codePointDistanceWithin(s: readonly string[], t: readonly string[], max: number): number | null {
  if (Math.abs(s.length - t.length) > max) return null;
  if (s.length === 0 || t.length === 0) return Math.max(s.length, t.length) <= max ? Math.max(s.length, t.length) : null;
  const width = t.length + 1;
  if ((rows[0] as Int32Array).length < width) rows = [new Int32Array(width * 2), new Int32Array(width * 2), new Int32Array(width * 2)];
  let twoBack = rows[0] as Int32Array;
  let previous = rows[1] as Int32Array;
  let current = rows[2] as Int32Array;
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= s.length; i++) {
    const letter = s[i - 1];
    const before = i > 1 ? s[i - 2] : undefined;
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = letter === t[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && letter === t[j - 2] && before === t[j - 1]) value = Math.min(value, (twoBack[j - 2] as number) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return null;
    const spare = twoBack;
    twoBack = previous;
    previous = current;
    current = spare;
  }
  const distance = previous[t.length] as number;
  return distance <= max ? distance : null;
}
