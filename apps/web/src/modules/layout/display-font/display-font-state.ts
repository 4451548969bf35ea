/**
 * Headings' web font on pages after the first (decision 133). A first visit draws headings in the phone's own serif
 * and fetches Playfair Display once the page has loaded; from then on the browser has the file, and each later page marks
 * <html> before its headings are laid out so they use it.
 */

/** Set in localStorage once the font's file has loaded in this browser. */
export const DISPLAY_FONT_KEY = 'kaarigar:display-font';

/** The <html> attribute globals.css turns the web font on with. */
export const DISPLAY_FONT_ATTRIBUTE = 'data-display-font';

/**
 * The inline script each page runs before its headings are laid out: marks <html> when the font was loaded before.
 * Storage can be refused (private modes, blocked cookies): the page then keeps the phone's serif.
 *
 * Only a page opened from another of the shop's pages, reloaded, or reached by back or forward looks: a page someone
 * lands on from outside keeps the phone's serif without asking. The first read of local storage is a synchronous
 * request to the browser process, made here while the HTML is being parsed: 1–3 ms on most loads and 21–31 ms on
 * three of ten measured (decision 139). A shopper's landing page is the one that most needs to be quick, and a
 * returning shopper's next page has the font again (FetchDisplayFont finds the file in the cache).
 */
export const MARK_DISPLAY_FONT_SCRIPT = `try{var n=performance.getEntriesByType("navigation")[0];if((n&&n.type!=="navigate")||document.referrer.indexOf(location.origin+"/")===0)localStorage.getItem(${JSON.stringify(DISPLAY_FONT_KEY)})&&document.documentElement.setAttribute(${JSON.stringify(DISPLAY_FONT_ATTRIBUTE)},'')}catch(e){}`;
