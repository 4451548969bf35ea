import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isMediaPath, mediaKey } from './catalogue-media.ts';
import { typeFromExtension } from './content-type.ts';
import type { ObjectStore } from './object-store.ts';

export interface MediaMigration {
  /** Files copied into the bucket by this run. */
  copied: number;
  /** Files the bucket already had (an earlier run, or the same picture uploaded since): left alone. */
  alreadyThere: number;
  /** Files that are not media the API would serve (temporary files, dotfiles, odd names): never copied. */
  skipped: string[];
}

/** Files copied at once: enough to hide the bucket's latency, few enough for a small machine. */
const CONCURRENCY = 4;

/**
 * Copies this machine's catalogue pictures ($DATA_DIR/media) into the object store under `media/<path>`, where the
 * API serves them from once S3_* is set (decision 093). Idempotent: a picture already in the bucket is not read or
 * written again (pictures are named by their content, so the same name is the same bytes). Nothing is deleted from
 * the disk: the API falls back to it for anything not in the bucket.
 */
export async function migrateMedia(mediaDir: string, store: ObjectStore, progress?: (done: number, total: number) => void): Promise<MediaMigration> {
  const result: MediaMigration = { copied: 0, alreadyThere: 0, skipped: [] };
  const files: string[] = [];
  for (const entry of await readdir(mediaDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(mediaDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (isMediaPath(path)) files.push(path);
    else result.skipped.push(path);
  }
  files.sort();
  let next = 0;
  let done = 0;
  async function worker(): Promise<void> {
    while (next < files.length) {
      const path = files[next++] as string;
      const key = mediaKey(path);
      if (await store.exists(key)) {
        result.alreadyThere += 1;
      } else {
        await store.put(key, await readFile(join(mediaDir, path)), typeFromExtension(path));
        result.copied += 1;
      }
      done += 1;
      if (done % 100 === 0) progress?.(done, files.length);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  result.skipped.sort();
  return result;
}
