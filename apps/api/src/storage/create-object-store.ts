import { join } from 'node:path';
import type { Config } from '../config.ts';
import { LocalDiskStore } from './local-disk-store.ts';
import type { ObjectStore } from './object-store.ts';
import { S3Store } from './s3-store.ts';

/**
 * The store the settings ask for: an S3-compatible bucket when S3_* is set (config.ts checks it is all or none),
 * otherwise local disk under $DATA_DIR/uploads (docs/decisions/024).
 */
export function createObjectStore(config: Config): ObjectStore {
  if (config.s3) return new S3Store(config.s3);
  return new LocalDiskStore(join(config.dataDir, 'uploads'));
}
