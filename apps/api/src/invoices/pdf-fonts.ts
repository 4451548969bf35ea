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
 * fontkit as pdfkit itself loads it (the same copy: pdfkit accepts a font it has opened), so each font file is read
 * and parsed once per process rather than once per PDF; every PDF still embeds its own subset of the glyphs it uses.
 * Parsing the six files per document made a PDF cost several times more (bench/invoice-pdfs.mjs); they are unwrapped
 * from WOFF first (woff-to-sfnt.ts), which fontkit would otherwise inflate again at every read.
 */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Buffer): PDFKit.Mixins.PDFFontSource };

export type FontName = `${FontSubset}-${400 | 700}`;

/** The parsed fonts by name (subset and weight). */
export const fonts: Record<FontName, PDFKit.Mixins.PDFFontSource> = Object.fromEntries(
  FONT_SUBSETS.flatMap((subset) =>
    ([400, 700] as const).map((weight) => [
      `${subset}-${weight}`,
      subset === 'arabic'
        ? fontkit.create(readFileSync(arabicFiles![weight === 400 ? 0 : 1]))
        : fontkit.create(woffToSfnt(readFileSync(fileOf(subset, weight)))),
    ]),
  ),
) as Record<FontName, PDFKit.Mixins.PDFFontSource>;

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
