/**
 * Which image a key press in the product gallery shows next, or null when the key is not the gallery's.
 * Left and right follow the reading direction: in Arabic (rtl) the next image lies to the left, as the swipe and the
 * thumbnail row are mirrored too. The ends wrap around, so "next" always does something.
 */
export function galleryStep(key: string, current: number, count: number, rtl: boolean): number | null {
  if (count < 2) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const forward = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (!forward) return null;
  return (current + (rtl ? -forward : forward) + count) % count;
}

/** The slide a scroll-snap strip shows: rtl strips scroll to negative offsets in every current browser. */
export function slideAt(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(Math.abs(scrollLeft) / slideWidth)));
}
