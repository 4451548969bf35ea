import { coded } from '@shop/domain/field-errors';
import type { RefusalCode } from '@shop/domain/refusals/index';
import { LOG_LIMITS } from '@shop/domain/refusals/engagement';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordClientError } from '../../engagement/client-log.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';

/** Longest strings kept; a bigger body is refused before it is parsed (LOG_BODY_LIMIT). */
export { LOG_LIMITS };
const LOG_BODY_LIMIT = 32 * 1024;
/** Per client address and minute; a page stuck in an error loop must not fill the table. */
export const LOG_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

const noNul = (value: string) => !value.includes('\u0000');

/** An optional string of at most `max` characters (`tooLong`), without NUL characters. */
const optionalString = (max: number, tooLong: RefusalCode) =>
  z
    .string()
    .max(max, { error: coded(tooLong) })
    .refine(noNul, { error: coded('nul_characters') })
    .nullish();

const logBodySchema = z.object({
  message: z
    .string({ error: coded('log_message_required') })
    .trim()
    .min(1, { error: coded('log_message_required') })
    .max(LOG_LIMITS.message, { error: coded('log_message_too_long') })
    .refine(noNul, { error: coded('nul_characters') }),
  stack: optionalString(LOG_LIMITS.stack, 'log_stack_too_long'),
  url: optionalString(LOG_LIMITS.url, 'log_url_too_long'),
});

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon posts a string body as text/plain; accept JSON sent that way too.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new Refusal('invalid_json'), undefined);
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
      const referer = typeof request.headers.referer === 'string' ? request.headers.referer : '';
      await recordClientError(app.db, request.body, { referer, userAgent: request.headers['user-agent'] ?? '', ip: request.ip });
      reply.header('cache-control', 'no-store');
      return reply.code(204).send();
    },
  );
};
