/**
 * The numbers of the live personalisation preview (issue 24, docs/decisions/107), apart from personalisation.ts so
 * the refusal catalogue can name them without importing the schemas that name its codes.
 */

/** The self-hosted typefaces the shop already ships (apps/web/src/modules/layout/fonts.ts); never a web font. */
export const PREVIEW_FONTS = ['inter', 'playfair'] as const;
export type PreviewFont = (typeof PREVIEW_FONTS)[number];

/** Font sizes are pixels of the base photo as stored (its own width and height). */
export const PREVIEW_FONT_MIN = 6;
export const PREVIEW_FONT_MAX = 400;
/** The most characters one text box may take (a name plate's line, a mug's message). */
export const PREVIEW_TEXT_MAX = 100;
export const PREVIEW_AREAS_MAX = 8;
export const PREVIEW_LABEL_MAX = 60;
/** A photo box's width / height. */
export const PREVIEW_ASPECT_MIN = 0.1;
export const PREVIEW_ASPECT_MAX = 10;
/** The rendered preview the storefront uploads (a PNG from the canvas): at most this many pixels on its longest side. */
export const PREVIEW_RENDER_MAX_SIDE = 1200;
/** Lines of text are drawn this many times their font size apart, so a box must be at least size × this high. */
export const PREVIEW_LINE_HEIGHT = 1.2;
