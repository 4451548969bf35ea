import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { ObjectStore, StoredObject } from './object-store.ts';
import { typeFromExtension } from './content-type.ts';

/**
 * Catalogue pictures (products, categories, brands, slides, the logo), served to everyone at /api/media/<path>
 * (decision 093). On local disk under $DATA_DIR/media by default; in the object store under `media/<path>` when
 * S3_* is set, so every API machine serves what any of them stored. Paths are `<folder>/<name>.webp`, named by
 * the content's hash: an object is never rewritten with other bytes, so it may be cached for a year.
 */
export interface CatalogueMedia {
  /** Stores one picture at `path` (e.g. `products/ab12cd34-…webp`); its URL is /api/media/<path>. */
  put(path: string, body: Buffer, contentType: string): Promise<void>;
  /** Reads one picture, or null. */
  get(path: string): Promise<StoredObject | null>;
  /** True when pictures live in the object store (the media plugin then serves them from there). */
  readonly inObjectStore: boolean;
  readonly description: string;
}

/** The object store key of a media path. */
export const mediaKey = (path: string) => `media/${path}`;

/** Media paths as the API writes them and as the seed names its pictures: lower-case, no dot-segments. */
const MEDIA_PATH = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/;

export function isMediaPath(path: string): boolean {
  return MEDIA_PATH.test(path) && !path.split('/').some((segment) => segment === '.' || segment === '..') && path.length <= 190;
}

function assertMediaPath(path: string): void {
  if (!isMediaPath(path)) throw new Error(`not a media path: ${JSON.stringify(path)}`);
}

/** Pictures under a folder on this machine's disk ($DATA_DIR/media), served by @fastify/static. */
export class LocalMedia implements CatalogueMedia {
  readonly inObjectStore = false;
  readonly description: string;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.description = `local disk ${this.root}`;
  }

  async put(path: string, body: Buffer): Promise<void> {
    assertMediaPath(path);
    const file = join(this.root, path);
    await mkdir(dirname(file), { recursive: true });
    // Write then rename, so the media route never serves half a file.
    const temporary = join(dirname(file), `.${path.split('/').pop()}.${process.pid}.${Date.now()}.tmp`);
    await writeFile(temporary, body, { mode: 0o644 });
    await rename(temporary, file);
  }

  async get(path: string): Promise<StoredObject | null> {
    if (!isMediaPath(path)) return null;
    const file = join(this.root, path);
    if (!file.startsWith(this.root + sep)) return null;
    try {
      return { body: await readFile(file), contentType: typeFromExtension(path) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      throw error;
    }
  }
}

/**
 * Pictures in the object store. A picture not (yet) in the bucket is read from this machine's media folder: the
 * seed's pictures and those stored before S3_* was set stay visible until `npm run media:migrate` has copied them.
 */
export class ObjectStoreMedia implements CatalogueMedia {
  readonly inObjectStore = true;
  readonly description: string;

  constructor(
    private readonly store: ObjectStore,
    private readonly local: LocalMedia,
  ) {
    this.description = `${store.description} (media/), then ${local.description}`;
  }

  async put(path: string, body: Buffer, contentType: string): Promise<void> {
    assertMediaPath(path);
    await this.store.put(mediaKey(path), body, contentType);
  }

  async get(path: string): Promise<StoredObject | null> {
    if (!isMediaPath(path)) return null;
    return (await this.store.get(mediaKey(path))) ?? (await this.local.get(path));
  }
}
