import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalDiskStore } from '../storage/local-disk-store.ts';
import type { ObjectStore } from '../storage/object-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where customers' uploads live (storage/create-object-store.ts): local disk or an S3-compatible bucket. */
    objectStore: ObjectStore;
  }
}

interface StorageOptions {
  /** The store to use (server.ts: createObjectStore(config)). Without one, a scratch folder for this app's life. */
  store?: ObjectStore;
}

/**
 * Decorates the app with the uploads' object store. An app built without one (the API tests, which build many apps)
 * gets a local-disk store in a fresh temporary folder, removed when the app closes, so no test shares or leaves files.
 */
export const storagePlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function storage(app: FastifyInstance, options: StorageOptions) {
    if (options.store) {
      app.decorate('objectStore', options.store);
      return;
    }
    const root = mkdtempSync(join(tmpdir(), 'api-uploads-'));
    app.decorate('objectStore', new LocalDiskStore(root));
    app.addHook('onClose', async () => {
      await rm(root, { recursive: true, force: true });
    });
  },
  { name: 'storage' },
);
