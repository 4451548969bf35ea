import type { FastifyReply } from 'fastify';

/**
 * Catalogue reads may be cached briefly by browsers and the storefront's proxy: 30 s fresh, then served
 * stale for a minute while revalidating. Nothing is cached inside this process (several API processes
 * must agree on what they serve).
 */
export function publicCache(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=30, stale-while-revalidate=60');
}

export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}
