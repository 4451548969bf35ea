/**
 * Headings' web font on pages after the first (decision 133). A first visit draws headings in the phone's own serif
 * and fetches Playfair Display once the page has loaded; from then on the browser has the file, and each page marks
 * <html> before its headings are laid out so they use it.
 */

/** Set in localStorage once the font's file has loaded in this browser. */
export const DISPLAY_FONT_KEY = 'kaarigar:display-font';

/** The <html> attribute globals.css turns the web font on with. */
export const DISPLAY_FONT_ATTRIBUTE = 'data-display-font';

/**
 * The inline script each page runs before its headings are laid out: marks <html> when the font was loaded before.
 * Storage can be refused (private modes, blocked cookies): the page then keeps the phone's serif.
 */
export const MARK_DISPLAY_FONT_SCRIPT = `try{localStorage.getItem(${JSON.stringify(DISPLAY_FONT_KEY)})&&document.documentElement.setAttribute(${JSON.stringify(DISPLAY_FONT_ATTRIBUTE)},'')}catch(e){}`;
