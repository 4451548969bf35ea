import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { paragraphDirection, visualRuns } from '../../src/invoices/pdf-bidi.ts';
import { ARABIC_FONT_FILE, documentFonts, type FontName, fontRuns, sharedFonts } from '../../src/invoices/pdf-fonts.ts';
import { woffToSfnt } from '../../src/invoices/woff-to-sfnt.ts';

const require = createRequire(import.meta.url);
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
  create(buffer: Buffer): {
    numGlyphs: number;
    type: string;
    hasGlyphForCodePoint(code: number): boolean;
    glyphForCodePoint(code: number): { advanceWidth: number };
  };
};

/** What these tests use of a fontkit font: its glyphs, a shaped run, a subset as pdfkit embeds one, its tables. */
interface Fontkit {
  _tables: object;
  glyphForCodePoint(code: number): { id: number; codePoints: number[] };
  layout(text: string, features?: string[]): { glyphs: { id: number; codePoints: number[] }[] };
  createSubset(): { includeGlyph(id: number): number; encode(): unknown };
}
const fontOf = (fonts: Record<FontName, unknown>, name: FontName) => fonts[name] as Fontkit;

/** Draws a text as pdfkit does: shaped, then its glyphs embedded as a subset (which makes the glyphs' parts too). */
function draw(font: Fontkit, text: string) {
  const run = font.layout(text, []);
  const subset = font.createSubset();
  for (const glyph of run.glyphs) subset.includeGlyph(glyph.id);
  subset.encode();
  return run.glyphs.map((glyph) => ({ id: glyph.id, text: String.fromCodePoint(...glyph.codePoints) }));
}

describe('invoice PDF fonts', () => {
  it('cuts a text into runs of the subset that has its characters, spaces kept with their run', () => {
    expect(fontRuns('Total ₹1,180 आशा वर्मा Łódź')).toEqual([
      { subset: 'latin', text: 'Total ' },
      { subset: 'devanagari', text: '₹' },
      { subset: 'latin', text: '1,180 ' },
      { subset: 'devanagari', text: 'आशा वर्मा ' },
      { subset: 'latin-ext', text: 'Ł' },
      { subset: 'latin', text: 'ód' },
      { subset: 'latin-ext', text: 'ź' },
    ]);
  });

  it('unwraps a WOFF font into the same font as plain sfnt', () => {
    const file = require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff');
    const woff = fontkit.create(readFileSync(file));
    const sfnt = fontkit.create(woffToSfnt(readFileSync(file)));
    expect(woff.type).toBe('WOFF');
    expect(sfnt.type).toBe('TTF');
    expect(sfnt.numGlyphs).toBe(woff.numGlyphs);
    for (const code of [0x20b9, 0x0915, 0x094d]) expect(sfnt.glyphForCodePoint(code).advanceWidth).toBe(woff.glyphForCodePoint(code).advanceWidth);
    expect(() => woffToSfnt(Buffer.from('not a font at all, just some bytes here'))).toThrow(/WOFF/);
  });

  it('has every subset in both weights', () => {
    const arabic = ARABIC_FONT_FILE ? ['arabic-400', 'arabic-700'] : [];
    expect(Object.keys(sharedFonts).sort()).toEqual([
      ...arabic,
      'devanagari-400',
      'devanagari-700',
      'latin-400',
      'latin-700',
      'latin-ext-400',
      'latin-ext-700',
    ]);
  });

  it('orders the runs of a line for the page: right to left where Arabic leads, Latin and digits kept left to right', () => {
    expect(paragraphDirection('  «عيد» Happy')).toBe('rtl');
    expect(paragraphDirection('Happy عيد')).toBe('ltr');
    expect(paragraphDirection('2024 !')).toBe('ltr');
    // Visual order, left to right on the page: the Latin run first, the Arabic one (fontkit reverses it) after.
    expect(visualRuns('عيد سعيد Meera 2024', 'rtl')).toEqual([
      { direction: 'ltr', text: 'Meera 2024' },
      { direction: 'rtl', text: 'عيد سعيد ' },
    ]);
    expect(visualRuns('Love, عيد سعيد!', 'ltr')).toEqual([
      { direction: 'ltr', text: 'Love, ' },
      { direction: 'rtl', text: 'عيد سعيد' },
      { direction: 'ltr', text: '!' },
    ]);
  });

  it('gives each document its own glyph objects over tables parsed once per process (decision 125)', () => {
    const first = documentFonts();
    const second = documentFonts();
    // The first document draws the parts of glyphs only (the period in '·', reh in zain), the second the characters
    // themselves: each is shaped and mapped as on fonts no document had used.
    draw(fontOf(first, 'latin-700'), 'PACKING SLIP · Order');
    expect(draw(fontOf(second, 'latin-700'), '1,180.00').map((glyph) => glyph.text)).toEqual([...'1,180.00']);
    if (ARABIC_FONT_FILE) {
      const untouched = fontkit.create(readFileSync(ARABIC_FONT_FILE)) as unknown as Fontkit;
      draw(fontOf(first, 'arabic-400'), 'زين');
      expect(draw(fontOf(second, 'arabic-400'), 'مريم')).toEqual(draw(untouched, 'مريم'));
    }
    expect(fontOf(first, 'latin-700').glyphForCodePoint(0x2e)).not.toBe(fontOf(second, 'latin-700').glyphForCodePoint(0x2e));
    expect(fontOf(first, 'latin-700')._tables).toBe(fontOf(sharedFonts, 'latin-700')._tables);
  });
});
