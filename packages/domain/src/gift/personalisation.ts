import { z } from 'zod';
import { MAX_CUSTOMISATION_TEXT } from '../customisation-limits.ts';
import { coded } from '../field-errors.ts';
import { type FieldRefusal, fieldRefusal } from '../refusals/index.ts';
import { hasControlCharacters } from '../text-rules.ts';
import {
  PREVIEW_AREAS_MAX,
  PREVIEW_ASPECT_MAX,
  PREVIEW_ASPECT_MIN,
  PREVIEW_FONT_MAX,
  PREVIEW_FONT_MIN,
  PREVIEW_FONTS,
  PREVIEW_LABEL_MAX,
  PREVIEW_LINE_HEIGHT,
  PREVIEW_TEXT_MAX,
} from './personalisation-limits.ts';

export * from './personalisation-limits.ts';
export {
  type LinePersonalisation,
  linePersonalisationSchema,
  type PersonalisationTemplate,
  personalisationTemplateSchema,
} from './personalisation-template.ts';
import type { PersonalisationTemplate } from './personalisation-template.ts';

/**
 * Live personalisation preview (issue 24, docs/decisions/107). Staff give a personalised product a template: a base
 * photo (one of the product's own images) and areas on it, text boxes and photo boxes, placed by fractions of the
 * photo (0..1), so the template holds at any display size. The shopper fills the areas on the product page, sees the
 * product drawn live, and the values travel with the cart line into the order line. The rules are here once: the back
 * office's form, the API and the product page use the same ones.
 */

const fraction = z.number({ error: coded('template_area_outside') }).finite({ error: coded('template_area_outside') });

const areaBase = {
  /** Stable within the template: the shopper's values are keyed by it. */
  id: z.string({ error: coded('template_area_id_invalid') }).regex(/^[a-z0-9][a-z0-9-]{0,29}$/, { error: coded('template_area_id_invalid') }),
  /** What the shopper's input is labelled with ("Name", "Photo"); English, as staff type it. */
  label: z
    .string({ error: coded('template_label_required') })
    .trim()
    .min(1, { error: coded('template_label_required') })
    .max(PREVIEW_LABEL_MAX, { error: coded('template_label_required') }),
  x: fraction,
  y: fraction,
  w: fraction,
  h: fraction,
};

const fontSize = z
  .number({ error: coded('template_font_size_invalid') })
  .int({ error: coded('template_font_size_invalid') })
  .min(PREVIEW_FONT_MIN, { error: coded('template_font_size_invalid') })
  .max(PREVIEW_FONT_MAX, { error: coded('template_font_size_invalid') });

export const textAreaSchema = z.object({
  kind: z.literal('text'),
  ...areaBase,
  font: z.enum(PREVIEW_FONTS, { error: coded('template_font_invalid') }),
  minSize: fontSize,
  maxSize: fontSize,
  colour: z.string({ error: coded('template_colour_invalid') }).regex(/^#[0-9a-fA-F]{6}$/, { error: coded('template_colour_invalid') }),
  maxChars: z
    .number({ error: coded('template_max_chars_invalid') })
    .int({ error: coded('template_max_chars_invalid') })
    .min(1, { error: coded('template_max_chars_invalid') })
    .max(PREVIEW_TEXT_MAX, { error: coded('template_max_chars_invalid') }),
  align: z.enum(['start', 'center', 'end'], { error: coded('template_align_invalid') }),
});
export type TextArea = z.infer<typeof textAreaSchema>;

export const photoAreaSchema = z.object({
  kind: z.literal('photo'),
  ...areaBase,
  /** Width / height of the photo as cut for the box. */
  aspect: z
    .number({ error: coded('template_aspect_invalid') })
    .min(PREVIEW_ASPECT_MIN, { error: coded('template_aspect_invalid') })
    .max(PREVIEW_ASPECT_MAX, { error: coded('template_aspect_invalid') }),
});
export type PhotoArea = z.infer<typeof photoAreaSchema>;

export const templateAreaSchema = z.discriminatedUnion('kind', [textAreaSchema, photoAreaSchema], { error: coded('template_area_kind_invalid') });
export type TemplateArea = z.infer<typeof templateAreaSchema>;

/**
 * The geometry rules, once: the box inside the photo and not empty, the font sizes in order and the largest fitting
 * the box's height. Coded field refusals keyed by `areas.<i>.<field>`; empty when all is well.
 */
export function checkTemplateGeometry(areas: readonly TemplateArea[], base: { width: number; height: number } | null): Record<string, FieldRefusal> {
  const errors: Record<string, FieldRefusal> = {};
  const seen = new Set<string>();
  areas.forEach((area, index) => {
    const at = (field: string) => `areas.${index}.${field}`;
    if (seen.has(area.id)) errors[at('id')] = fieldRefusal('template_area_id_duplicate');
    seen.add(area.id);
    if (area.x < 0 || area.x >= 1) errors[at('x')] = fieldRefusal('template_area_outside');
    if (area.y < 0 || area.y >= 1) errors[at('y')] = fieldRefusal('template_area_outside');
    if (area.w <= 0 || area.x + area.w > 1 + 1e-9) errors[at('w')] = fieldRefusal('template_area_outside');
    if (area.h <= 0 || area.y + area.h > 1 + 1e-9) errors[at('h')] = fieldRefusal('template_area_outside');
    if (area.kind === 'text') {
      if (area.minSize > area.maxSize) errors[at('minSize')] = fieldRefusal('template_font_sizes_order');
      else if (base && area.minSize * PREVIEW_LINE_HEIGHT > area.h * base.height) errors[at('minSize')] = fieldRefusal('template_font_too_tall');
    }
  });
  return errors;
}

/** What staff send (PUT /api/admin/products/{id}/personalisation): which of the product's images, and the areas. */
export const templateInputSchema = z
  .object({
    baseImageId: z
      .string({ error: coded('template_base_image_invalid') })
      .min(1, { error: coded('template_base_image_invalid') })
      .max(200),
    areas: z
      .array(templateAreaSchema, { error: coded('template_areas_invalid') })
      .min(1, { error: coded('template_areas_invalid') })
      .max(PREVIEW_AREAS_MAX, { error: coded('template_areas_invalid') }),
  })
  .superRefine((input, context) => {
    for (const [field, refusal] of Object.entries(checkTemplateGeometry(input.areas, null))) {
      context.addIssue({ code: 'custom', path: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message: refusal.code });
    }
  });
export type TemplateInput = z.input<typeof templateInputSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uploadId = z.string({ error: coded('image_not_found') }).regex(UUID, { error: coded('image_not_found') });

/**
 * What the shopper chose, as a cart line carries it to POST /api/user/order: a text per text box, an uploaded photo
 * (an id of POST customised-uploads) per photo box, and the rendered preview (uploaded the same way).
 */
export const personalisationValuesSchema = z.object({
  texts: z.record(z.string().max(40), z.string({ error: coded('personal_text_invalid') }).max(PREVIEW_TEXT_MAX * 4)).default({}),
  photos: z.record(z.string().max(40), uploadId).default({}),
  previewId: uploadId,
});
export type PersonalisationValues = z.output<typeof personalisationValuesSchema>;

/**
 * The shopper's values against the template: every text box filled, within its characters, no control characters;
 * only the template's own areas. Photo boxes may stay empty (the base photo shows through). Keyed like the payload
 * (`texts.<area>`, `photos.<area>`).
 */
export function checkPersonalisation(
  template: Pick<PersonalisationTemplate, 'areas'>,
  values: Pick<PersonalisationValues, 'texts' | 'photos'>,
): Record<string, FieldRefusal> {
  const errors: Record<string, FieldRefusal> = {};
  const byId = new Map(template.areas.map((area) => [area.id, area]));
  for (const id of Object.keys(values.texts)) if (byId.get(id)?.kind !== 'text') errors[`texts.${id}`] = fieldRefusal('personal_area_unknown');
  for (const id of Object.keys(values.photos)) if (byId.get(id)?.kind !== 'photo') errors[`photos.${id}`] = fieldRefusal('personal_area_unknown');
  for (const area of template.areas) {
    if (area.kind !== 'text') continue;
    const text = (values.texts[area.id] ?? '').trim();
    const field = `texts.${area.id}`;
    if (!text) errors[field] = fieldRefusal('personal_text_required', { label: area.label });
    else if ([...text].length > area.maxChars) errors[field] = fieldRefusal('personal_text_too_long', { label: area.label, max: area.maxChars });
    else if (hasControlCharacters(text) || /[\r\n]/.test(text)) errors[field] = fieldRefusal('personal_text_invalid');
  }
  return errors;
}

/**
 * The text of one unit in the spec's customisation dialog (decision 107): one text box gives its text as it is;
 * several give "Label: text" per filled box, joined by " | ", in the template's order. Cut at the dialog's limit.
 */
export function customisationTextOf(template: Pick<PersonalisationTemplate, 'areas'>, texts: Record<string, string>): string {
  const filled = template.areas.filter((area): area is TextArea => area.kind === 'text' && Boolean(texts[area.id]?.trim()));
  const text = filled.length === 1 ? texts[filled[0]!.id]!.trim() : filled.map((area) => `${area.label}: ${texts[area.id]!.trim()}`).join(' | ');
  return [...text].slice(0, MAX_CUSTOMISATION_TEXT).join('');
}

/** The photo ids of the photo boxes in the template's order: the unit's images in the dialog. */
export function customisationPhotosOf(template: Pick<PersonalisationTemplate, 'areas'>, photos: Record<string, string>): string[] {
  return template.areas.flatMap((area) => (area.kind === 'photo' && photos[area.id] ? [photos[area.id]!] : []));
}

/**
 * The font size that fits a text in its box: the largest whole size from the box's maxSize down to its minSize
 * whose line is no wider than the box and no taller (size × PREVIEW_LINE_HEIGHT) than it. `measure` gives a line's
 * width at a size (the canvas's measureText in the browser). At minSize and still too wide, `fits` is false: the
 * preview squeezes the line to the box's width.
 */
export function fitTextSize(
  text: string,
  area: Pick<TextArea, 'w' | 'h' | 'minSize' | 'maxSize'>,
  base: { width: number; height: number },
  measure: (text: string, size: number) => number,
): { size: number; fits: boolean } {
  const boxWidth = area.w * base.width;
  const boxHeight = area.h * base.height;
  const fitsAt = (size: number) => size * PREVIEW_LINE_HEIGHT <= boxHeight && measure(text, size) <= boxWidth;
  let low = area.minSize;
  let high = Math.min(area.maxSize, Math.floor(boxHeight / PREVIEW_LINE_HEIGHT));
  if (high < low || !fitsAt(low)) return { size: low, fits: false };
  // Width grows with size, so the sizes that fit are a prefix: find its last one.
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fitsAt(middle)) low = middle;
    else high = middle - 1;
  }
  return { size: low, fits: true };
}

/** Hebrew, Arabic, Syriac, Thaana, NKo and the Arabic presentation forms: the right-to-left scripts a name may be in. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const LETTER = /\p{L}/u;

/**
 * The direction of a shopper's text as HTML's `dir="auto"` decides it: by its first letter (Unicode's first strong
 * character), so "آشا Rao" is right to left and "Asha راو" left to right whatever the page's language; no letter at
 * all (digits, a date) is left to right. A text box's `start` and `end` follow it: an Arabic name in a `start` box
 * sits at the box's right.
 */
export function textDirectionOf(text: string): 'ltr' | 'rtl' {
  for (const character of text) {
    if (RTL_LETTER.test(character)) return 'rtl';
    if (LETTER.test(character)) return 'ltr';
  }
  return 'ltr';
}

/** Where a text is anchored in its box on a canvas (left/right are the canvas's own, whatever the page's direction). */
export function textAnchorOf(align: TextArea['align'], direction: 'ltr' | 'rtl'): 'left' | 'center' | 'right' {
  if (align === 'center') return 'center';
  return (align === 'start') === (direction === 'ltr') ? 'left' : 'right';
}

/** Where a photo of `photo` size is cut to fill a box of `aspect` (centred, like CSS object-fit: cover). */
export function coverCrop(photo: { width: number; height: number }, aspect: number): { sx: number; sy: number; sw: number; sh: number } {
  const photoAspect = photo.width / photo.height;
  if (photoAspect > aspect) {
    const sw = photo.height * aspect;
    return { sx: (photo.width - sw) / 2, sy: 0, sw, sh: photo.height };
  }
  const sh = photo.width / aspect;
  return { sx: 0, sy: (photo.height - sh) / 2, sw: photo.width, sh };
}

/** The box of an area in the base photo's pixels; a photo box is the largest of its aspect inside its area, centred. */
export function areaBox(area: TemplateArea, base: { width: number; height: number }): { x: number; y: number; w: number; h: number } {
  const box = { x: area.x * base.width, y: area.y * base.height, w: area.w * base.width, h: area.h * base.height };
  if (area.kind !== 'photo') return box;
  const w = Math.min(box.w, box.h * area.aspect);
  const h = w / area.aspect;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}
