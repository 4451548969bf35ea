import { SAFE_KEY } from './object-store.ts';

/** A key outside SAFE_KEY reached a store: the API builds keys itself, so this is a bug, never a client's mistake. */
export class UnsafeKeyError extends Error {
  override name = 'UnsafeKeyError';
  constructor(key: string) {
    super(`Unsafe object key ${JSON.stringify(key.slice(0, 80))}: keys are made of a-z 0-9 / _ . - path parts`);
  }
}

/**
 * SAFE_KEY plus per-part rules, so a key means the same file on disk and the same object in a bucket: no empty,
 * "." or ".." parts (no climbing out of the uploads folder, no `a//b` aliasing `a/b`) and no part starting with a
 * dot (the disk store keeps its temp files and content types under dot names, so keys can never collide with them).
 */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => !/^[a-z0-9][a-z0-9_.-]*$/.test(part))) {
    throw new UnsafeKeyError(key);
  }
}
