import { ARABIC, type FontkitFont, fontRuns, sharedFonts, type FontSubset } from './pdf-fonts.ts';

/**
 * Right-to-left text in the PDFs (decision 117). pdfkit draws a text in the order it is given and breaks lines in that
 * order; fontkit shapes an Arabic run (joining forms, the lam-alef ligature) and puts that one run's glyphs right to
 * left, but nothing orders the runs of a line, breaks the lines of a right-to-left paragraph or aligns it right.
 * This does that, for what a gift message or a name needs, not the whole Unicode Bidirectional Algorithm:
 *
 * - a paragraph's direction is that of its first strong letter (Arabic: right to left);
 * - its words are broken into lines in reading order, each line then cut into runs: Arabic letters (right to left),
 *   other letters and digits (left to right), and the spaces and punctuation between them, which take the direction
 *   of the letters on both sides, else the paragraph's;
 * - the runs are laid out in reverse order in a right-to-left paragraph, which is aligned right; each Arabic run is
 *   drawn whole (so fontkit shapes and reverses it, spaces included), the others run by font subset.
 *
 * Not handled: embeddings and isolates (explicit direction marks), digits inside an Arabic word (they come out reversed
 * with it), mirrored brackets.
 */

type Doc = PDFKit.PDFDocument;
type Direction = 'rtl' | 'ltr';

export interface BidiOptions {
  width: number;
  bold: boolean;
  size: number;
  align: 'left' | 'right' | 'center';
}

/** A letter or digit of a left-to-right script (Latin, Devanagari, other letters) or a digit. */
const STRONG_LTR = /[\p{L}\p{N}]/u;

const classOf = (char: string): Direction | null => (ARABIC.test(char) ? 'rtl' : STRONG_LTR.test(char) ? 'ltr' : null);

export const hasArabic = (text: string): boolean => ARABIC.test(text);

/** The paragraph's direction: that of its first strong character (left to right when it has none). */
export function paragraphDirection(text: string): Direction {
  for (const char of text) {
    const direction = classOf(char);
    if (direction) return direction;
  }
  return 'ltr';
}

/**
 * One line cut into runs of one direction, in VISUAL order (left to right on the page): neutrals between two runs of
 * one direction join them, others take the paragraph's direction; a right-to-left paragraph's runs are reversed.
 */
export function visualRuns(line: string, base: Direction): { direction: Direction; text: string }[] {
  const chars = [...line];
  const strong = chars.map(classOf);
  const resolved = chars.map((_, index): Direction => {
    const own = strong[index];
    if (own) return own;
    let before: Direction | null = null;
    for (let i = index - 1; i >= 0 && !before; i--) before = strong[i] ?? null;
    let after: Direction | null = null;
    for (let i = index + 1; i < chars.length && !after; i++) after = strong[i] ?? null;
    return before && before === after ? before : base;
  });
  const runs: { direction: Direction; text: string }[] = [];
  chars.forEach((char, index) => {
    const last = runs[runs.length - 1];
    if (last && last.direction === resolved[index]) last.text += char;
    else runs.push({ direction: resolved[index]!, text: char });
  });
  return base === 'rtl' ? runs.reverse() : runs;
}

/**
 * pdfkit writes, for each glyph, the characters it stands for (the PDF's ToUnicode map) in reading order: for the
 * lam-alef ligature "لا" that is lam then alef. A reader extracting a right-to-left line takes the glyphs as drawn
 * (visual order) and reverses them, which reverses the ligature's pair too ("ال"). So in the Arabic font, a glyph that
 * stands for several characters gets them in drawing order, and extraction gives the word as typed.
 */
const fixedFonts = new WeakSet<object>();
function mapLigaturesInDrawingOrder(doc: Doc): void {
  const font = (doc as unknown as { _font: { encode(text: string, features?: unknown): [string[], unknown]; unicode: number[][] } })._font;
  if (fixedFonts.has(font)) return;
  fixedFonts.add(font);
  const encode = font.encode.bind(font);
  const seen = new Set<number>();
  font.encode = (text, features) => {
    const encoded = encode(text, features);
    for (const hex of encoded[0]) {
      const gid = parseInt(hex, 16);
      if (seen.has(gid)) continue;
      seen.add(gid);
      const codePoints = font.unicode[gid];
      if (codePoints && codePoints.length > 1 && codePoints.every((code) => ARABIC.test(String.fromCodePoint(code))))
        font.unicode[gid] = [...codePoints].reverse();
    }
    return encoded;
  };
}

/** Whether the Arabic font draws this character (it lacks some punctuation, e.g. the middle dot); asks its cmap only. */
const arabicFont = sharedFonts['arabic-400'] as FontkitFont | undefined;
const inArabicFont = (char: string): boolean => ARABIC.test(char) || (arabicFont?.hasGlyphForCodePoint(char.codePointAt(0)!) ?? false);

/**
 * The pieces of a run with their fonts, in visual order: an Arabic run is drawn whole (shaped, and reversed by
 * fontkit), except the characters its font lacks, which are cut out and drawn in another subset in their place (the
 * pieces of a right-to-left run then go right to left); a left-to-right run is one piece per subset.
 */
interface Piece {
  subset: FontSubset;
  text: string;
  whole: boolean;
}

function pieces(run: { direction: Direction; text: string }): Piece[] {
  if (run.direction === 'ltr') return fontRuns(run.text).map((piece) => ({ ...piece, whole: false }));
  const parts: { arabic: boolean; text: string }[] = [];
  for (const char of run.text) {
    const arabic = inArabicFont(char);
    const last = parts[parts.length - 1];
    if (last && last.arabic === arabic) last.text += char;
    else parts.push({ arabic, text: char });
  }
  return parts
    .reverse()
    .flatMap((part): Piece[] =>
      part.arabic
        ? [{ subset: 'arabic', text: part.text, whole: true }]
        : fontRuns([...part.text].reverse().join('')).map((piece) => ({ ...piece, whole: false })),
    );
}

/** Width of one piece; an Arabic run is measured shaped whole (`features` makes pdfkit lay it out in one go). */
function widthOf(doc: Doc, piece: { subset: FontSubset; text: string; whole: boolean }, weight: number): number {
  doc.font(`${piece.subset}-${weight}`);
  return doc.widthOfString(piece.text, piece.whole ? { features: [] } : {});
}

/** Breaks a paragraph into lines of at most `width`, in reading order, at spaces. */
function breakLines(doc: Doc, paragraph: string, width: number, weight: number): string[] {
  const words = paragraph.split(/ +/).filter(Boolean);
  const measure = (text: string) =>
    visualRuns(text, 'ltr')
      .flatMap(pieces)
      .reduce((sum, piece) => sum + widthOf(doc, piece, weight), 0);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && measure(candidate) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  lines.push(current);
  return lines;
}

/**
 * Writes a text holding Arabic at (x, y) within `width`: each paragraph in its own direction, a right-to-left one
 * aligned right. Answers the height it took.
 */
export function writeBidi(doc: Doc, text: string, x: number, y: number, options: BidiOptions): number {
  const weight = options.bold ? 700 : 400;
  doc.fontSize(options.size);
  doc.font(`latin-${weight}`);
  const lineHeight = doc.currentLineHeight(true) + 1;
  let top = y;
  for (const paragraph of text.split('\n')) {
    const base = paragraphDirection(paragraph);
    for (const line of breakLines(doc, paragraph, options.width, weight)) {
      const laid = visualRuns(line, base)
        .flatMap(pieces)
        .map((piece) => ({ ...piece, width: widthOf(doc, piece, weight) }));
      const total = laid.reduce((sum, piece) => sum + piece.width, 0);
      const align = base === 'rtl' && options.align === 'left' ? 'right' : options.align;
      let left = align === 'right' ? x + options.width - total : align === 'center' ? x + (options.width - total) / 2 : x;
      for (const piece of laid) {
        doc.font(`${piece.subset}-${weight}`);
        if (piece.subset === 'arabic') mapLigaturesInDrawingOrder(doc);
        doc.text(piece.text, left, top, { lineBreak: false, ...(piece.whole ? { features: [] } : {}) } as PDFKit.Mixins.TextOptions);
        left += piece.width;
      }
      top += lineHeight;
    }
  }
  return top - y;
}
