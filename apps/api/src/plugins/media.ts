import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The folder served at /api/media (back-office uploads of catalogue images are written under it). */
    mediaDir: string;
  }
}

/**
 * Catalogue images from $DATA_DIR/media at /api/media/<path>. Their names change when their content
 * does, so they may be cached for a year; nosniff stops a browser from guessing a different type.
 */
export const mediaPlugin = fp(
  async function media(app: FastifyInstance, options: { mediaDir: string }) {
    mkdirSync(options.mediaDir, { recursive: true });
    if (!app.hasDecorator('mediaDir')) app.decorate('mediaDir', options.mediaDir);
    await app.register(fastifyStatic, {
      root: options.mediaDir,
      prefix: '/api/media/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        res.setHeader('x-content-type-options', 'nosniff');
      },
    });
  },
  { name: 'media' },
);
