import {
  areaBox,
  coverCrop,
  fitTextSize,
  type PersonalisationTemplate,
  PREVIEW_LINE_HEIGHT,
  PREVIEW_RENDER_MAX_SIDE,
  type PreviewFont,
  type TextArea,
  textAnchorOf,
  textDirectionOf,
} from '@shop/domain/gift/personalisation';

/**
 * Draws the live personalisation preview (issue 24, decision 107) on a canvas, in the browser only: the base photo,
 * each photo box's photo cut to its aspect, and each text box's text at the largest size that fits (the domain's
 * fitTextSize, measured by the canvas). Runs on every keystroke: no server round trip. The canvas is the base photo's
 * size, scaled down to at most PREVIEW_RENDER_MAX_SIDE on its longest side (also the size of the PNG uploaded).
 */

/** The CSS variable that names each typeface's self-hosted family (modules/layout/fonts.ts, set on <html>). */
const FONT_VARIABLES: Record<PreviewFont, string> = { inter: '--font-inter', playfair: '--font-playfair' };
const FALLBACKS: Record<PreviewFont, string> = { inter: 'sans-serif', playfair: 'serif' };

/** The font-family list of a template font, as the page loaded it (never a web font from elsewhere). */
export function fontFamilyOf(font: PreviewFont): string {
  const value = typeof document === 'undefined' ? '' : getComputedStyle(document.documentElement).getPropertyValue(FONT_VARIABLES[font]).trim();
  return value || FALLBACKS[font];
}

/** Resolves once the template's fonts are ready to measure (they are the page's own, usually loaded already). */
export async function loadTemplateFonts(template: Pick<PersonalisationTemplate, 'areas'>): Promise<void> {
  const fonts = new Set(template.areas.flatMap((area) => (area.kind === 'text' ? [area.font] : [])));
  await Promise.all([...fonts].map((font) => document.fonts.load(`32px ${fontFamilyOf(font)}`).catch(() => [])));
}

export function canvasSizeOf(base: { width: number; height: number }): { width: number; height: number; scale: number } {
  const scale = Math.min(1, PREVIEW_RENDER_MAX_SIDE / Math.max(base.width, base.height));
  return { width: Math.round(base.width * scale), height: Math.round(base.height * scale), scale };
}

function drawText(context: CanvasRenderingContext2D, area: TextArea, text: string, canvas: { width: number; height: number }, scale: number) {
  const family = fontFamilyOf(area.font);
  const box = areaBox(area, canvas);
  const scaled = { ...area, minSize: Math.max(1, Math.round(area.minSize * scale)), maxSize: Math.max(1, Math.round(area.maxSize * scale)) };
  const measure = (line: string, size: number) => {
    context.font = `${size}px ${family}`;
    return context.measureText(line).width;
  };
  // The text's own direction (its first letter), set on the context: left alone, the canvas would take the page's
  // (`inherit`), and an English name on the Arabic page would be laid out right to left, its full stop on the left.
  const direction = textDirectionOf(text);
  context.direction = direction;
  const { size } = fitTextSize(text, scaled, canvas, measure);
  context.font = `${size}px ${family}`;
  context.fillStyle = area.colour;
  context.textBaseline = 'middle';
  // left / right, not start / end: those would again depend on the context's direction; the anchor is decided once.
  const anchor = textAnchorOf(area.align, direction);
  context.textAlign = anchor;
  const x = anchor === 'center' ? box.x + box.w / 2 : anchor === 'left' ? box.x : box.x + box.w;
  // Wider than the box only at the smallest size: squeezed to the box's width by the canvas (maxWidth).
  context.fillText(text, x, box.y + box.h / 2, box.w);
  return { size: size / scale, lineHeight: size * PREVIEW_LINE_HEIGHT };
}

export interface PreviewInputs {
  base: CanvasImageSource;
  texts: Record<string, string>;
  /** Decoded photos per photo box (an ImageBitmap or a loaded <img>), with their pixel size. */
  photos: Record<string, { image: CanvasImageSource; width: number; height: number }>;
}

/** Draws the whole preview; answers the font size (in the base photo's pixels) each text box got. */
export function renderPreview(canvas: HTMLCanvasElement, template: PersonalisationTemplate, inputs: PreviewInputs): Record<string, number> {
  const { width, height, scale } = canvasSizeOf(template.baseImage);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return {};
  context.clearRect(0, 0, width, height);
  context.drawImage(inputs.base, 0, 0, width, height);
  const sizes: Record<string, number> = {};
  for (const area of template.areas) {
    if (area.kind === 'photo') {
      const photo = inputs.photos[area.id];
      const box = areaBox(area, { width, height });
      if (photo) {
        const crop = coverCrop(photo, area.aspect);
        context.drawImage(photo.image, crop.sx, crop.sy, crop.sw, crop.sh, box.x, box.y, box.w, box.h);
      } else {
        // An empty photo box shows where the photo goes.
        context.save();
        context.setLineDash([8, 6]);
        context.strokeStyle = 'rgba(255,255,255,0.9)';
        context.lineWidth = 2;
        context.strokeRect(box.x, box.y, box.w, box.h);
        context.restore();
      }
      continue;
    }
    const text = (inputs.texts[area.id] ?? '').trim();
    if (text) sizes[area.id] = drawText(context, area, text, { width, height }, scale).size;
  }
  return sizes;
}

/** The canvas as a PNG file to upload (the API checks its type by its bytes and its size). */
export function previewFile(canvas: HTMLCanvasElement): Promise<File> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(new File([blob], 'preview.png', { type: 'image/png' })) : reject(new Error('The preview could not be drawn'))),
      'image/png',
    );
  });
}
