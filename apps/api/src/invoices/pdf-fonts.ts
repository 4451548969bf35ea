import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { woffToSfnt } from './woff-to-sfnt.ts';

/**
 * The invoice PDF's font (decision 071): Noto Sans Devanagari from @fontsource (installed with the API, never fetched),
 * which covers Latin, Devanagari and the rupee sign. Fontsource ships it in subsets, one file each; pdfkit reads WOFF
 * through fontkit and embeds only the glyphs used. A text is cut into runs by which subset has its characters
 * (fontRuns), so "₹1,180 — आशा वर्मा" is drawn with each part in a subset that has it.
 */

const require = createRequire(import.meta.url);
const fileOf = (subset: string, weight: 400 | 700) =>
  require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`);

export const FONT_SUBSETS = ['latin', 'devanagari', 'latin-ext'] as const;
export type FontSubset = (typeof FONT_SUBSETS)[number];

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
    ([400, 700] as const).map((weight) => [`${subset}-${weight}`, fontkit.create(woffToSfnt(readFileSync(fileOf(subset, weight))))]),
  ),
) as Record<FontName, PDFKit.Mixins.PDFFontSource>;

/** The Devanagari block and its extensions, the rupee sign and Vedic marks: drawn with the devanagari subset. */
const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF\u20B9\u200C\u200D\u25CC]/;
/** Latin-1 and the punctuation every invoice uses: the latin subset. */
const LATIN = /[\u0000-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]/;

function subsetOf(char: string): FontSubset {
  if (DEVANAGARI.test(char)) return 'devanagari';
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
