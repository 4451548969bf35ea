/**
 * Images below the fold start loading when they come within 200px of the screen (spec §9, "Lazy-load margin 200px").
 * The browser's own `loading="lazy"` cannot be given a margin (Chromium starts 1,250–2,500px ahead, so on a phone most
 * of a listing loads with the page), so a lazy image is rendered with a blank `src` and its real sources in these
 * attributes, and `watchLazyImages` swaps them in (decision 036).
 */
export const LAZY_MARGIN = '200px';
export const LAZY_SRC = 'data-lazy-src';
export const LAZY_SRCSET = 'data-lazy-srcset';
/** A 1×1 transparent GIF: the image keeps its box (width and height are set) and shows nothing until it loads. */
export const BLANK_SRC = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Without JavaScript nothing swaps the sources: the page's `<noscript>` copy of each image shows instead. */
export const NO_SCRIPT_CSS = `img[${LAZY_SRC}]{display:none}`;
