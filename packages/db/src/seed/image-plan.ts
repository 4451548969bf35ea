import { createHash } from 'node:crypto';
import { bannerSvg, logoSvg, squareSvg } from './art/compose.ts';
import type { MotifName } from './art/motifs.ts';
import { palettes } from './art/palettes.ts';
import type { ImageJob } from './images.ts';
import { hashString } from './random.ts';

/** Pictures per leaf category that its products share, so a large catalogue needs no more renders. */
const imagesPerLeaf = 6;
const productImageSize = 800;
const categoryImageSize = 600;
const brandImageSize = 400;
const sliderSize = { width: 1600, height: 600 };

/** File names carry a hash of the art, so a changed drawing never hides behind an old file. */
function job(base: string, svg: string, alt: string): ImageJob {
  const digest = createHash('sha1').update(svg).digest('hex').slice(0, 8);
  return { name: `${base}-${digest}`, svg, alt };
}

const paletteFor = (slug: string) => hashString(slug) % palettes.length;

export const logoJob = (name: string) => job('logo', logoSvg(name), name);

export const categoryJob = (slug: string, name: string, motif: MotifName) =>
  job(`category-${slug}`, squareSvg(motif, paletteFor(slug), 0, categoryImageSize), name);

export const brandJob = (slug: string, name: string, motif: MotifName) => job(`brand-${slug}`, squareSvg(motif, paletteFor(slug) + 3, 1, brandImageSize), name);

/** The pool for one leaf: same motif, palettes stepping around the wheel, different texture and pose. */
export const leafPoolJobs = (slug: string, name: string, motif: MotifName): ImageJob[] =>
  Array.from({ length: imagesPerLeaf }, (_, i) => job(`product-${slug}-${i + 1}`, squareSvg(motif, paletteFor(slug) + i * 3, i + 1, productImageSize), name));

export const sliderJob = (index: number, title: string, motifs: MotifName[]) =>
  job(`slider-${index + 1}`, bannerSvg(motifs, index * 2 + 3, sliderSize.width, sliderSize.height), title);
