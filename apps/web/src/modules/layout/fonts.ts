import localFont from 'next/font/local';

/**
 * The two typefaces, self-hosted from the @fontsource-variable packages (nothing fetched from the internet). Loaded
 * through next/font rather than the packages' CSS so that only the Latin subset is fetched (the packages' CSS also
 * pulls the 85 KB latin-ext file for the ₹ sign, which then falls back to the system font), and a size-adjusted
 * fallback keeps text from shifting when the web font arrives (CLS).
 *
 * Neither is preloaded (decision 130). Body text is set in the phone's own UI font (globals.css `--font-sans`), so Inter
 * is fetched only where a personalisation preview draws with it (it waits for the font, render-preview.ts). Playfair
 * Display, for headings, is fetched after a first visit's page has loaded, and used from the next page on
 * (display-font/, decision 133); if the cached file is not there within the browser's short block period, that
 * page keeps the fallback serif (`display: 'optional'`). Preloaded, the two files (87 KB) were on the way to every first
 * paint on a phone's network, before the page's image; fetched when the first heading was laid out, Playfair alone
 * (38.8 KB) still finished before the page's image was drawn on most measured loads.
 */
export const inter = localFont({
  src: '../../../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  display: 'swap',
  preload: false,
  variable: '--font-inter',
  fallback: ['system-ui', 'sans-serif'],
  adjustFontFallback: 'Arial',
});

export const playfair = localFont({
  src: '../../../../../node_modules/@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2',
  weight: '400 900',
  style: 'normal',
  // Used only once the browser has the file (decision 133), but a cache can drop it: `optional` then keeps the fallback
  // for that page instead of swapping it in and moving the page (a layout shift of 0.16 was measured in browse.test
  // with `swap`).
  display: 'optional',
  preload: false,
  variable: '--font-playfair',
  fallback: ['Georgia', 'serif'],
  adjustFontFallback: 'Times New Roman',
});

/**
 * Playfair's own family name, without next/font's size-adjusted fallback (a `local()` face that fails where the
 * machine lacks Times New Roman, and would fail `document.fonts.load` with it).
 */
export const playfairFamily = playfair.style.fontFamily.split(',', 1)[0]!.trim();
