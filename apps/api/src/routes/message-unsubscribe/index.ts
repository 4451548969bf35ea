import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { unsubscribeByToken } from '../../messages/preferences.ts';

/**
 * POST /api/messages/unsubscribe?token=… (issue 21, decision 072): turns marketing e-mail off for the holder of the
 * link, without signing in. It is the List-Unsubscribe URL of every marketing mail, so it takes RFC 8058's one-click
 * POST (a form body `List-Unsubscribe=One-Click`, from the mail provider, no cookie) as well as the storefront's
 * /unsubscribe page's JSON call. An unknown token is 404 `unsubscribe_link_invalid`; repeating it changes nothing.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const messageUnsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only here: mail clients send the one-click body as a form. Its content does not matter (the token is in the URL).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, {}));

  app.post(
    '/api/messages/unsubscribe',
    {
      bodyLimit: 1024,
      schema: {
        tags: ['messages'],
        summary: 'Unsubscribe from marketing e-mail with the link in a mail (no sign-in; one-click per RFC 8058)',
        querystring: z.object({ token: z.string().max(100) }),
        response: { 200: z.object({ unsubscribed: z.literal(true) }), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!(await unsubscribeByToken(app.db, request.query.token))) throw new Refusal('unsubscribe_link_invalid');
      return { unsubscribed: true as const };
    },
  );
};
