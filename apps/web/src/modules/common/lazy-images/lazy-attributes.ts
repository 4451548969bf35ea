/**
 * Images below the fold start loading when they come within 200px of the screen (spec §9, "Lazy-load margin 200px").
 * The browser's own `loading="lazy"` cannot be given a margin (Chromium starts 1,250–2,500px ahead, so on a phone most
 * of a listing loads with the page), so a lazy image is rendered with a blank `src` and its real sources in these
 * attributes, and `watchLazyImages` swaps them in (decision 036).
 */
export const LAZY_MARGIN = '200px';
export const LAZY_SRC = 'data-lazy-src';
export const LAZY_SRCSET = 'data-lazy-srcset';
/**
 * An empty SVG with the image's own width and height: it keeps the image's box and shows nothing until the real file
 * loads. A 1×1 placeholder would not do: where only the width/height attributes size an image (`h-auto`), the browser
 * takes the shape of whatever has loaded, so the box would be square first and shift when the real image arrives.
 */
export function blankSrc(width: number, height: number): string {
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}'/%3E`;
}

/** Without JavaScript nothing swaps the sources: the page's `<noscript>` copy of each image shows instead. */
export const NO_SCRIPT_CSS = `img[${LAZY_SRC}]{display:none}`;
