import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { woffToSfnt } from './woff-to-sfnt.ts';

/**
 * The invoice PDF's font (decision 071): Noto Sans Devanagari from @fontsource (installed with the API, never fetched),
 * which covers Latin, Devanagari and the rupee sign; Arabic from a system font where there is one (decision 117). Fontsource ships it in subsets, one file each; pdfkit reads WOFF
 * through fontkit and embeds only the glyphs used. A text is cut into runs by which subset has its characters
 * (fontRuns), so "₹1,180 — आशा वर्मा" is drawn with each part in a subset that has it.
 */

const require = createRequire(import.meta.url);
const fileOf = (subset: string, weight: 400 | 700) =>
  require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`);

/**
 * Arabic (decision 117): Noto Sans Arabic from Debian's fonts-noto-core (.ci/run installs it), else DejaVu Sans
 * (fonts-dejavu-core, which has Arabic too), else none: then Arabic text falls to the latin-ext subset and prints as
 * missing glyphs, as before. No npm package of this project ships an Arabic font.
 */
const ARABIC_FONT_FILES: readonly (readonly [string, string])[] = [
  ['/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf', '/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf'],
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
];
const arabicFiles = ARABIC_FONT_FILES.find((pair) => pair.every((file) => existsSync(file))) ?? null;
/** The Arabic font file in use (regular weight), or null when this machine has none. */
export const ARABIC_FONT_FILE = arabicFiles?.[0] ?? null;

export type FontSubset = 'latin' | 'devanagari' | 'latin-ext' | 'arabic';
/** The subsets this machine has: the three shipped with the API, and Arabic where a font for it was found. */
export const FONT_SUBSETS: readonly FontSubset[] = arabicFiles ? ['latin', 'devanagari', 'latin-ext', 'arabic'] : ['latin', 'devanagari', 'latin-ext'];

/**
 * A font as fontkit parses it. pdfkit draws with one it is given (its types name only files and bytes). `_tables` holds
 * the tables fontkit has decoded, and is shared below.
 */
export interface FontkitFont {
  _tables: Record<string, unknown>;
  layout(text: string, features?: string[]): unknown;
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/**
 * fontkit as pdfkit itself loads it (the same copy: pdfkit accepts a font it has opened), so each font file is read,
 * unwrapped from WOFF (woff-to-sfnt.ts, which fontkit would otherwise inflate again at every read) and its tables
 * parsed once per process rather than once per PDF (decision 071; bench/invoice-pdfs.mjs).
 */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Buffer): FontkitFont };

export type FontName = `${FontSubset}-${400 | 700}`;

/** Each font's plain sfnt bytes and the process's parsed font over them, by name (subset and weight). */
const parsed = new Map<FontName, { sfnt: Buffer; font: FontkitFont }>(
  FONT_SUBSETS.flatMap((subset) =>
    ([400, 700] as const).map((weight): [FontName, { sfnt: Buffer; font: FontkitFont }] => {
      const sfnt = subset === 'arabic' ? readFileSync(arabicFiles![weight === 400 ? 0 : 1]) : woffToSfnt(readFileSync(fileOf(subset, weight)));
      return [`${subset}-${weight}`, { sfnt, font: fontkit.create(sfnt) }];
    }),
  ),
);

/**
 * The process's parsed fonts, for questions about a font (which characters it has). NEVER draw with them: use
 * `documentFonts` (decision 125). fontkit keeps the glyph objects it makes on the font, each with the characters of
 * the first text that made it, and pdfkit writes those characters into every later PDF's text layer.
 */
export const sharedFonts = Object.fromEntries([...parsed].map(([name, { font }]) => [name, font])) as Record<FontName, FontkitFont>;

/**
 * Fonts for ONE document (decision 125): fresh fontkit font objects over the same bytes that share the process's
 * decoded tables, as fontkit's own `getVariation` does, so nothing is parsed again; each has its own glyph objects, so
 * a glyph's characters (the PDF's ToUnicode map: copying, search, screen readers) and its shaping come from this
 * document's text only, never from whatever the process drew before. Costs a table directory read per font.
 */
export function documentFonts(): Record<FontName, FontkitFont> {
  return Object.fromEntries(
    [...parsed].map(([name, { sfnt, font }]) => {
      const own = fontkit.create(sfnt);
      own._tables = font._tables;
      return [name, own];
    }),
  ) as Record<FontName, FontkitFont>;
}

/** Registers a document's own fonts (documentFonts) under their names: 'latin-400', 'devanagari-700', … */
export function registerFonts(doc: PDFKit.PDFDocument, own: Record<FontName, FontkitFont>): void {
  for (const [name, font] of Object.entries(own)) doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
}

/** The Devanagari block and its extensions, the rupee sign and Vedic marks: drawn with the devanagari subset. */
const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF\u20B9\u200C\u200D\u25CC]/;
/** Latin-1 and the punctuation every invoice uses: the latin subset. */
const LATIN = /[\u0000-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]/;

/** The Arabic blocks and presentation forms (Arabic, Urdu, Persian letters; the Arabic comma and question mark). */
export const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

function subsetOf(char: string): FontSubset {
  if (DEVANAGARI.test(char)) return 'devanagari';
  if (arabicFiles && ARABIC.test(char)) return 'arabic';
  if (LATIN.test(char)) return 'latin';
  return 'latin-ext';
}

/** Splits a text into runs of one subset each; spaces join the run they sit in, so words stay whole. */
export function fontRuns(text: string): { subset: FontSubset; text: string }[] {
  const runs: { subset: FontSubset; text: string }[] = [];
  for (const char of text) {
    const last = runs[runs.length - 1];
    const subset = char === ' ' && last ? last.subset : subsetOf(char);
    if (last && last.subset === subset) last.text += char;
    else runs.push({ subset, text: char });
  }
  return runs;
}
