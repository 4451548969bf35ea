/**
 * Drops srcset candidates wider than `maxWidth` (keeping at least the narrowest), so a card's srcset stops at the
 * widest file a phone or laptop would pick for its slot instead of listing every configured width up to 3840. With
 * `minWidth`, the slot's narrowest drawn width in CSS pixels, candidates narrower than it go too (keeping at least the
 * widest): a browser picks the narrowest file at least as wide as the slot times the screen's density, so a 16 px
 * file is never picked for a 288 px slot, yet Next lists it for any `sizes` with a `calc()`.
 */
export function capSrcSet(srcSet: string | undefined, maxWidth: number | undefined, minWidth = 0): string | undefined {
  if (!srcSet || (!maxWidth && !minWidth)) return srcSet;
  const candidates = srcSet.split(', ');
  const width = (candidate: string) => Number(/ (\d+)w$/.exec(candidate)?.[1] ?? 0);
  // Density candidates (`2x`, for an image without sizes) say nothing about widths.
  if (candidates.some((candidate) => width(candidate) === 0)) return srcSet;
  const capped = candidates.filter((candidate) => width(candidate) <= (maxWidth ?? Infinity));
  const withinCap = capped.length > 0 ? capped : candidates.slice(0, 1);
  const wideEnough = withinCap.filter((candidate) => width(candidate) >= minWidth);
  return (wideEnough.length > 0 ? wideEnough : withinCap.slice(-1)).join(', ');
}

/** The address of a srcset's widest candidate (Next lists them narrowest first). */
export function widestSource(srcSet: string | undefined): string | undefined {
  return srcSet?.split(', ').at(-1)?.split(' ')[0];
}
