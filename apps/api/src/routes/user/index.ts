import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userRoles } from '../../auth/roles.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { noStore } from '../../lib/cache.ts';

export const userProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: z.enum(userRoles),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
});

/** POST /api/user (spec §5): the client validates its token after setting it and gets the profile back. */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user (Authorization: Bearer <access token>, or the auth_token cookie)',
        response: { 200: userProfileSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return request.userProfile as z.infer<typeof userProfileSchema>;
    },
  );
};
