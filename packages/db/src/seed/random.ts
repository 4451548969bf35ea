/**
 * A small seeded pseudo-random generator (mulberry32), so the same seed always yields the same
 * catalogue: tests can compare two runs and benchmarks always measure the same data.
 */
export interface Random {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** true with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (all of them when count exceeds the list). */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version-4-shaped uuid drawn from this generator, so ids are reproducible too. */
  uuid(): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick() from an empty list');
      return items[Math.floor(next() * items.length)] as never;
    },
    sample: (items, count) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as never, copy[i] as never];
      }
      return copy.slice(0, Math.min(count, copy.length));
    },
    uuid: () => {
      const variant = (8 + Math.floor(next() * 4)).toString(16);
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
    },
  };
}

/** Stable 32-bit hash of a string, to derive per-category seeds from names. */
export function hashString(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
