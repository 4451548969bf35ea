import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Which sign-in methods the storefront offers; Google only when GOOGLE_CLIENT_ID and _SECRET are set. */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const signInMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const google = Boolean(app.auth.options.socialProviders?.google);
  app.get(
    '/api/sign-in-methods',
    {
      schema: {
        tags: ['user'],
        summary: 'Sign-in methods offered',
        response: { 200: z.object({ phone: z.boolean(), email: z.boolean(), emailLink: z.boolean(), google: z.boolean() }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { phone: true, email: true, emailLink: true, google };
    },
  );
};
