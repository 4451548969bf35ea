/**
 * Drops srcset candidates wider than `maxWidth` (keeping at least the narrowest), so a card's srcset stops at the
 * widest file a phone or laptop would pick for its slot instead of listing every configured width up to 3840.
 */
export function capSrcSet(srcSet: string | undefined, maxWidth: number | undefined): string | undefined {
  if (!srcSet || !maxWidth) return srcSet;
  const candidates = srcSet.split(', ');
  const kept = candidates.filter((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1] ?? 0) <= maxWidth);
  return (kept.length > 0 ? kept : candidates.slice(0, 1)).join(', ');
}

/** The address of a srcset's widest candidate (Next lists them narrowest first). */
export function widestSource(srcSet: string | undefined): string | undefined {
  return srcSet?.split(', ').at(-1)?.split(' ')[0];
}
