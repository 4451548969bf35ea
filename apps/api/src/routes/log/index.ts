import { isIP } from 'node:net';
import { clientLogs } from '@shop/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../lib/params.ts';

/** Longest strings kept; a bigger body is refused before it is parsed (LOG_BODY_LIMIT). */
export const LOG_LIMITS = { message: 2_000, stack: 20_000, url: 2_000, userAgent: 500 } as const;
export const LOG_BODY_LIMIT = 32 * 1024;
/** Per client address and minute; a page stuck in an error loop must not fill the table. */
export const LOG_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

const noNul = (value: string) => !value.includes('\u0000');

const logBodySchema = z.object({
  message: z
    .string({ message: 'message is required' })
    .trim()
    .min(1, { message: 'message is required' })
    .max(LOG_LIMITS.message, { message: `must be at most ${LOG_LIMITS.message} characters` })
    .refine(noNul, { message: 'must not contain NUL characters' }),
  stack: z
    .string()
    .max(LOG_LIMITS.stack, { message: `must be at most ${LOG_LIMITS.stack} characters` })
    .refine(noNul, { message: 'must not contain NUL characters' })
    .nullish(),
  url: z
    .string()
    .max(LOG_LIMITS.url, { message: `must be at most ${LOG_LIMITS.url} characters` })
    .refine(noNul, { message: 'must not contain NUL characters' })
    .nullish(),
});

const clean = (value: string | undefined | null, max: number) => (value ?? '').replaceAll('\u0000', '').slice(0, max);

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon posts a string body as text/plain; accept JSON sent that way too.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 });
      done(error, undefined);
    }
  });

  app.post(
    '/api/log',
    {
      bodyLimit: LOG_BODY_LIMIT,
      config: { rateLimit: LOG_RATE_LIMIT },
      schema: {
        tags: ['site'],
        summary: 'Stores a client-side render error (size- and rate-limited: 20 per minute per address)',
        body: logBodySchema,
        response: { 204: z.undefined(), 400: errorResponseSchema, 413: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { message, stack, url } = request.body;
      const referer = typeof request.headers.referer === 'string' ? request.headers.referer : '';
      await app.db.insert(clientLogs).values({
        message,
        stack: clean(stack, LOG_LIMITS.stack),
        url: clean(url || referer, LOG_LIMITS.url),
        userAgent: clean(request.headers['user-agent'], LOG_LIMITS.userAgent),
        ip: isIP(request.ip) ? request.ip : null,
      });
      reply.header('cache-control', 'no-store');
      return reply.code(204).send();
    },
  );
};
