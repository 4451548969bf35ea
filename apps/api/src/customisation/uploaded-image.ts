import { customisationApiPaths, type UploadedImage } from '@shop/domain/customisation';

/** An upload as clients see it: its id and the two serving URLs (relative: the storefront forwards /api/*). */
export function toUploadedImage(id: string): UploadedImage {
  return { id, original: customisationApiPaths.image(id, 'display'), thumbnail: customisationApiPaths.image(id, 'thumbnail') };
}
