import type { Database, DatabaseHandle } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Drizzle database, PGlite or PostgreSQL; routes see one type either way. */
    db: Database;
    dbEngine: DatabaseHandle['engine'];
  }
}

/**
 * Exposes the database as a decorator. The handle is opened and closed by whoever built the app
 * (server.ts or a test), because the same handle also runs migrations and the seed before the app exists.
 */
export const dbPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function db(app: FastifyInstance, options: { handle: DatabaseHandle }) {
    app.decorate('db', options.handle.db);
    app.decorate('dbEngine', options.handle.engine);
  },
  { name: 'db' },
);
