import { NEWSLETTER_RATE_LIMIT, newsletterMessages, newsletterRequestSchema, newsletterTokenSchema } from '@shop/domain/newsletter';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { confirm, type NewsletterDeps, subscribe, unsubscribe } from '../../engagement/newsletter/subscriptions.ts';

const messageSchema = z.object({ message: z.string() });
const limit = { max: NEWSLETTER_RATE_LIMIT.max, timeWindow: NEWSLETTER_RATE_LIMIT.windowMinutes * 60_000 };
const tokenLimit = { max: 30, timeWindow: 60 * 60_000 };

/**
 * The newsletter, double opt-in (spec §7 /api/subscribe/newsletter; docs/decisions: newsletter):
 * - POST /api/subscribe/newsletter {email}: idempotent and case-insensitive; answers the same for every address.
 * - POST /api/subscribe/newsletter/confirm {token}: the link in the confirmation mail, via the storefront's page.
 * - POST /api/subscribe/newsletter/unsubscribe {token}: the link in every newsletter mail.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const subscribeNewsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: NewsletterDeps = {
    db: app.db,
    // better-auth's base URL is SITE_URL, the shop's public address: links are never built from request headers.
    siteUrl: String(app.auth.options.baseURL),
    enqueue: (message, db) => app.outbox.enqueue(message, db),
  };
  app.addHook('onRequest', async (_request, reply) => {
    noStore(reply);
  });

  app.post(
    '/api/subscribe/newsletter',
    {
      bodyLimit: 2 * 1024,
      config: { rateLimit: limit },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an address: a confirmation link is mailed (double opt-in); the answer is the same for every address',
        body: newsletterRequestSchema,
        response: { 202: messageSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await subscribe(deps, request.body.email);
      return reply.code(202).send({ message: newsletterMessages.checkInbox });
    },
  );

  for (const [path, action, done, summary] of [
    ['/api/subscribe/newsletter/confirm', confirm, newsletterMessages.confirmed, 'Confirm a subscription with the token from the confirmation mail'],
    ['/api/subscribe/newsletter/unsubscribe', unsubscribe, newsletterMessages.unsubscribed, 'Unsubscribe with the token from any newsletter mail'],
  ] as const) {
    app.post(
      path,
      {
        bodyLimit: 1024,
        config: { rateLimit: tokenLimit },
        schema: {
          tags: ['newsletter'],
          summary,
          body: newsletterTokenSchema,
          response: { 200: messageSchema, 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request) => {
        // An unknown or expired link is `newsletter_token_invalid` (404).
        await action(deps, request.body.token);
        return { message: done };
      },
    );
  }
};
