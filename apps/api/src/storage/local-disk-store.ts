import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ObjectStore, StoredObject } from './object-store.ts';
import { assertContentType, typeFromExtension } from './content-type.ts';
import { assertSafeKey } from './safe-key.ts';

/**
 * Uploads on the API machine's own disk (the default; one machine only, see docs/decisions/024).
 *
 * Layout under `root`: the body of key `a/b.webp` is the plain file `a/b.webp` (so `file`, backups and a later
 * `aws s3 sync` see ordinary images), and its content type is a one-line text file `.types/a/b.webp` beside the
 * tree. Keys cannot start a part with a dot (safe-key.ts), so `.types` and the `.tmp-*` files never collide with
 * a key. Every write goes to a temp file in the same folder and is renamed into place, so a reader sees the old
 * object or the new one, never half a file.
 */
export class LocalDiskStore implements ObjectStore {
  readonly root: string;
  readonly description: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.description = `local disk ${this.root}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    // Type first, body second: a body on disk always has its type (a crash in between leaves only a stray type
    // file, which the next put of that key replaces).
    await this.writeAtomically(this.typePath(key), Buffer.from(`${assertContentType(contentType)}\n`));
    await this.writeAtomically(this.bodyPath(key), body);
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    const body = await readIfPresent(this.bodyPath(key));
    if (body === null) return null;
    const type = await readIfPresent(this.typePath(key));
    const contentType = type?.toString('utf8').trim() || typeFromExtension(key);
    return { body, contentType };
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      return (await stat(this.bodyPath(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // Body first, so a get between the two removals finds nothing rather than a body without its type.
    await rm(this.bodyPath(key), { force: true });
    await rm(this.typePath(key), { force: true });
  }

  private bodyPath(key: string): string {
    return join(this.root, key);
  }

  private typePath(key: string): string {
    return join(this.root, '.types', key);
  }

  private async writeAtomically(path: string, data: Buffer): Promise<void> {
    const folder = dirname(path);
    // 0700 folders and 0600 files: customers' photos are readable by the API's user only (umask can only narrow it).
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const temp = join(folder, `.tmp-${randomBytes(8).toString('hex')}`);
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data);
      // Flushed before the rename, so a power cut cannot leave the new name pointing at an empty file.
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}

async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    // ENOTDIR: a part of the key is a file (key `a/b` when `a` is an object) — that key does not exist either.
    if (isErrno(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) return null;
    throw error;
  }
}

function isErrno(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
