import { access, mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { StoredImage } from '../schema/columns.ts';

/** Where seeded pictures go under the media folder, and the URL prefix the API serves them at. */
const catalogueFolder = 'catalogue';
const catalogueUrlPrefix = `/api/media/${catalogueFolder}/`;

export interface ImageJob {
  /** File name without extension, unique within the catalogue folder. */
  name: string;
  svg: string;
  alt: string;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Renders SVG art to webp files with sharp and returns the stored image objects, with the pixel
 * size read back from the file. A file already there (same name, so same art: names carry a hash)
 * is reused, so a re-seed into the same media folder is quick. Runs a few renders at once:
 * libvips is multi-threaded but one render rarely fills two cores.
 */
export async function renderImages(mediaDir: string, jobs: ImageJob[], concurrency = 4): Promise<Map<string, StoredImage>> {
  const folder = join(mediaDir, catalogueFolder);
  await mkdir(folder, { recursive: true });
  const results = new Map<string, StoredImage>();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index] as ImageJob;
      const file = join(folder, `${job.name}.webp`);
      let size: { width?: number; height?: number } | null = null;
      if (await exists(file))
        size = await sharp(file)
          .metadata()
          .catch(() => null);
      if (!size?.width || !size.height) {
        // Write then rename, so a process seeding into the same folder never reads a half-written file.
        const temporary = `${file}.${process.pid}.${index}.tmp`;
        size = await sharp(Buffer.from(job.svg)).webp({ quality: 82, effort: 1 }).toFile(temporary);
        await rename(temporary, file);
      }
      results.set(job.name, {
        id: job.name,
        original: `${catalogueUrlPrefix}${job.name}.webp`,
        width: size.width as number,
        height: size.height as number,
        alt: job.alt,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return results;
}
