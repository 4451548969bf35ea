import { describe, expect, it } from 'vitest';
import {
  textAnchorOf,
  textDirectionOf,
  areaBox,
  checkPersonalisation,
  checkTemplateGeometry,
  coverCrop,
  customisationPhotosOf,
  customisationTextOf,
  fitTextSize,
  type TemplateArea,
  templateInputSchema,
} from './personalisation.ts';

const name: TemplateArea = {
  kind: 'text',
  id: 'name',
  label: 'Name',
  x: 0.1,
  y: 0.4,
  w: 0.8,
  h: 0.2,
  font: 'playfair',
  minSize: 12,
  maxSize: 80,
  colour: '#222222',
  maxChars: 12,
  align: 'center',
};
const photo: TemplateArea = { kind: 'photo', id: 'photo', label: 'Photo', x: 0.6, y: 0.05, w: 0.3, h: 0.3, aspect: 1 };
const base = { width: 1000, height: 500 };
/** A monospaced face: every character is half as wide as the size. */
const mono = (text: string, size: number) => text.length * size * 0.5;

describe('template geometry', () => {
  it('accepts areas inside the photo', () => {
    expect(checkTemplateGeometry([name, photo], base)).toEqual({});
    expect(templateInputSchema.safeParse({ baseImageId: 'img', areas: [name, photo] }).success).toBe(true);
  });

  it('refuses a box that leaves the photo, by field', () => {
    const wide = { ...name, x: 0.5, w: 0.6 };
    expect(checkTemplateGeometry([wide], base)).toEqual({ 'areas.0.w': expect.objectContaining({ code: 'template_area_outside' }) });
    const low = { ...photo, y: -0.1 };
    expect(Object.keys(checkTemplateGeometry([low], base))).toEqual(['areas.0.y']);
    const empty = { ...photo, h: 0 };
    expect(checkTemplateGeometry([empty], base)['areas.0.h']?.code).toBe('template_area_outside');
  });

  it('refuses font sizes out of order or taller than the box, and duplicate ids', () => {
    expect(checkTemplateGeometry([{ ...name, minSize: 90, maxSize: 80 }], base)['areas.0.minSize']?.code).toBe('template_font_sizes_order');
    // 0.2 × 500 = 100 px high: 90 px × 1.2 does not fit.
    expect(checkTemplateGeometry([{ ...name, minSize: 90, maxSize: 100 }], base)['areas.0.minSize']?.code).toBe('template_font_too_tall');
    expect(checkTemplateGeometry([name, { ...photo, id: 'name' }], base)['areas.1.id']?.code).toBe('template_area_id_duplicate');
  });

  it('names the field of each refusal through the schema', () => {
    const result = templateInputSchema.safeParse({
      baseImageId: 'img',
      areas: [
        { ...name, maxChars: 0 },
        { ...photo, x: 0.9 },
        { ...name, id: 'b', font: 'comic-sans', colour: 'red', minSize: 2 },
      ],
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues['areas.0.maxChars']).toBe('template_max_chars_invalid');
    expect(issues['areas.2.font']).toBe('template_font_invalid');
    expect(issues['areas.2.colour']).toBe('template_colour_invalid');
    expect(issues['areas.2.minSize']).toBe('template_font_size_invalid');
    expect(templateInputSchema.safeParse({ baseImageId: 'img', areas: [] }).error?.issues[0]?.message).toBe('template_areas_invalid');
    const outside = templateInputSchema.safeParse({ baseImageId: 'img', areas: [{ ...photo, x: 0.9 }] });
    expect(outside.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['areas.0.w', 'template_area_outside']]);
  });
});

describe('text fit', () => {
  it('takes the largest size that fits the width and height', () => {
    // Box 800 × 100 px. "Asha" at 80 px is 160 wide: height caps it (80 × 1.2 = 96 ≤ 100).
    expect(fitTextSize('Asha', name, base, mono)).toEqual({ size: 80, fits: true });
    // 12 characters: 6 × size ≤ 800 → 133, but the max is 80, and the height 83.
    expect(fitTextSize('Aishwarya Rai', { ...name, maxSize: 200 }, base, mono)).toEqual({ size: 83, fits: true });
    // 40 characters: 20 × size ≤ 800 → 40.
    expect(fitTextSize('x'.repeat(40), name, base, mono)).toEqual({ size: 40, fits: true });
  });

  it('shrinks as the text grows, never below the minimum', () => {
    const sizes = [1, 5, 10, 20, 40, 80].map((count) => fitTextSize('m'.repeat(count), name, base, mono).size);
    expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
    expect(fitTextSize('m'.repeat(400), name, base, mono)).toEqual({ size: 12, fits: false });
  });
});

describe('shopper values', () => {
  const template = { areas: [name, photo, { ...name, id: 'date', label: 'Date', maxChars: 10 }] };

  it('wants every text box filled within its characters', () => {
    expect(checkPersonalisation(template, { texts: { name: 'Asha', date: '26.11.2026' }, photos: {} })).toEqual({});
    const errors = checkPersonalisation(template, { texts: { name: ' ', date: '26 November 2026' }, photos: {} });
    expect(errors['texts.name']).toMatchObject({ code: 'personal_text_required', params: { label: 'Name' } });
    expect(errors['texts.date']).toMatchObject({ code: 'personal_text_too_long', params: { label: 'Date', max: 10 } });
    expect(checkPersonalisation(template, { texts: { name: 'A\nB', date: 'x' }, photos: {} })['texts.name']?.code).toBe('personal_text_invalid');
  });

  it('refuses areas the template does not have', () => {
    const errors = checkPersonalisation(template, { texts: { name: 'A', date: 'x', photo: 'y' }, photos: { name: 'id' } });
    expect(errors['texts.photo']?.code).toBe('personal_area_unknown');
    expect(errors['photos.name']?.code).toBe('personal_area_unknown');
  });

  it('maps onto the dialog: one text as it is, several as labelled parts', () => {
    expect(customisationTextOf({ areas: [name, photo] }, { name: ' Asha ' })).toBe('Asha');
    expect(customisationTextOf(template, { name: 'Asha', date: '26.11' })).toBe('Name: Asha | Date: 26.11');
    expect(customisationPhotosOf(template, { photo: 'p1' })).toEqual(['p1']);
    expect(customisationPhotosOf(template, {})).toEqual([]);
  });
});

describe('photo boxes', () => {
  it('cuts the photo to the box and centres the box in its area', () => {
    expect(coverCrop({ width: 400, height: 200 }, 1)).toEqual({ sx: 100, sy: 0, sw: 200, sh: 200 });
    expect(coverCrop({ width: 200, height: 400 }, 2)).toEqual({ sx: 0, sy: 150, sw: 200, sh: 100 });
    // Area 300 × 150 px, aspect 1: a 150 × 150 box in its middle.
    expect(areaBox(photo, base)).toEqual({ x: 675, y: 25, w: 150, h: 150 });
  });
});

describe('text direction on the canvas', () => {
  it('follows the first letter, like dir="auto", whatever the page language', () => {
    expect(textDirectionOf('آشا راو')).toBe('rtl');
    expect(textDirectionOf('  ١٢ آشا')).toBe('rtl');
    expect(textDirectionOf('آشا Rao')).toBe('rtl');
    expect(textDirectionOf('Asha راو')).toBe('ltr');
    expect(textDirectionOf('आशा राव')).toBe('ltr');
    expect(textDirectionOf('שרה')).toBe('rtl');
    expect(textDirectionOf('12/05/2026')).toBe('ltr');
    expect(textDirectionOf('')).toBe('ltr');
  });

  it('puts start and end on the side of the text own direction; centre stays centred', () => {
    expect(textAnchorOf('start', 'ltr')).toBe('left');
    expect(textAnchorOf('start', 'rtl')).toBe('right');
    expect(textAnchorOf('end', 'ltr')).toBe('right');
    expect(textAnchorOf('end', 'rtl')).toBe('left');
    expect(textAnchorOf('center', 'rtl')).toBe('center');
  });
});
