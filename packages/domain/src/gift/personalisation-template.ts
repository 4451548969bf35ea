import { z } from 'zod';
import { PREVIEW_FONTS } from './personalisation-limits.ts';

/**
 * The shape of a live preview's template as the API serves it (decision 107), apart from personalisation.ts: the
 * catalogue's product schema names it, and the refusal catalogue imports the catalogue, so this file imports no
 * refusal code (the coded input schemas with their rules are in personalisation.ts).
 */

const box = { id: z.string(), label: z.string(), x: z.number(), y: z.number(), w: z.number(), h: z.number() };

export const storedTextAreaSchema = z.object({
  kind: z.literal('text'),
  ...box,
  font: z.enum(PREVIEW_FONTS),
  minSize: z.number().int(),
  maxSize: z.number().int(),
  colour: z.string(),
  maxChars: z.number().int(),
  align: z.enum(['start', 'center', 'end']),
});
export const storedPhotoAreaSchema = z.object({ kind: z.literal('photo'), ...box, aspect: z.number() });

/** A template as stored and served: the base photo resolved to its URL and pixel size, and the areas. */
export const personalisationTemplateSchema = z.object({
  baseImage: z.object({ id: z.string(), original: z.string(), width: z.number().int(), height: z.number().int() }),
  areas: z.array(z.discriminatedUnion('kind', [storedTextAreaSchema, storedPhotoAreaSchema])),
  updatedAt: z.string(),
});
export type PersonalisationTemplate = z.infer<typeof personalisationTemplateSchema>;

/** An upload as an order shows it (the same fields as customisation.ts's uploadedImageSchema). */
const uploadSchema = z.object({ id: z.string(), original: z.string(), thumbnail: z.string() });

/** An order line's personalisation as the order shows it: the values and the rendered preview (display and 80x80). */
export const linePersonalisationSchema = z.object({
  texts: z.record(z.string(), z.string()),
  photos: z.record(z.string(), uploadSchema),
  preview: uploadSchema.nullable(),
});
export type LinePersonalisation = z.infer<typeof linePersonalisationSchema>;
