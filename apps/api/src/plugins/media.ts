import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CatalogueMedia, LocalMedia, ObjectStoreMedia } from '../storage/catalogue-media.ts';
import type { ObjectStore } from '../storage/object-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This machine's media folder ($DATA_DIR/media): the seed's pictures, and staff uploads without S3_*. */
    mediaDir: string;
    /** Where staff uploads of catalogue pictures are stored and read (storage/catalogue-media.ts). */
    media: CatalogueMedia;
  }
}

interface MediaOptions {
  mediaDir: string;
  /** The object store, when S3_* is set: catalogue pictures then live in its `media/` folder (decision 093). */
  store?: ObjectStore;
}

const LONG_CACHE = 'public, max-age=31536000, immutable';

function mediaHeaders(reply: { header(name: string, value: string): unknown }) {
  reply.header('cache-control', LONG_CACHE);
  reply.header('x-content-type-options', 'nosniff');
}

/**
 * Catalogue images at /api/media/<path>, for the storefront's image optimiser and for browsers. Their names change
 * when their content does, so they may be cached for a year; nosniff stops a browser from guessing a different type.
 * Without an object store they are files under $DATA_DIR/media (@fastify/static); with one, the bucket's
 * `media/<path>` object (or, until `npm run media:migrate` has copied it, the local file of that name).
 */
export const mediaPlugin = fp(
  async function media(app: FastifyInstance, options: MediaOptions) {
    mkdirSync(options.mediaDir, { recursive: true });
    if (!app.hasDecorator('mediaDir')) app.decorate('mediaDir', options.mediaDir);
    const local = new LocalMedia(options.mediaDir);
    const media: CatalogueMedia = options.store ? new ObjectStoreMedia(options.store, local) : local;
    app.decorate('media', media);

    if (!options.store) {
      await app.register(fastifyStatic, {
        root: options.mediaDir,
        prefix: '/api/media/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        cacheControl: false,
        setHeaders(res) {
          mediaHeaders({ header: (name, value) => res.setHeader(name, value) });
        },
      });
      return;
    }

    app.get<{ Params: { '*': string } }>('/api/media/*', { schema: { hide: true } }, async (request, reply) => {
      // Paths are checked by the store (isMediaPath): no dot-segments, no dotfiles, nothing outside media/.
      const found = await media.get(request.params['*']);
      if (!found) return reply.callNotFound();
      mediaHeaders(reply);
      return reply.type(found.contentType).send(found.body);
    });
  },
  { name: 'media' },
);
