import { synonymGroupInputSchema, synonymGroupSchema } from '@shop/domain/search/synonym-group';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { createSynonymGroup, deleteSynonymGroup, listSynonymGroups, updateSynonymGroup } from '../../admin/search/synonyms.ts';
import { noStore } from '../../lib/cache.ts';
import { errors, idParams } from '../admin-categories/index.ts';

const tags = ['admin'];

/**
 * Back office: the search's synonym groups (staff; issue 25). After each write the response cache is cleared, which
 * also forgets the search's lexicon, so the storefront's next search knows the change.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminSearchSynonymsRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: { user?: unknown }) => request.user as RequestUser;
  const changed = async <T>(value: T) => {
    await app.responseCache.invalidate();
    return value;
  };

  app.get(
    '/api/admin/search-synonyms',
    {
      config: { adminRole: 'staff' },
      schema: { tags, summary: 'Every synonym group of the search, oldest first', response: { 200: z.object({ data: z.array(synonymGroupSchema) }) } },
    },
    async (_request, reply) => {
      noStore(reply);
      return { data: await listSynonymGroups(app.db) };
    },
  );

  app.post(
    '/api/admin/search-synonyms',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 16 * 1024,
      schema: { tags, summary: 'Add a synonym group', body: synonymGroupInputSchema, response: { 201: synonymGroupSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return reply.code(201).send(await changed(await createSynonymGroup(app.db, actor(request), request.body)));
    },
  );

  app.put(
    '/api/admin/search-synonyms/:id',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 16 * 1024,
      schema: { tags, summary: 'Change a synonym group', params: idParams, body: synonymGroupInputSchema, response: { 200: synonymGroupSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return changed(await updateSynonymGroup(app.db, actor(request), request.params.id, request.body));
    },
  );

  app.delete(
    '/api/admin/search-synonyms/:id',
    { config: { adminRole: 'staff' }, schema: { tags, summary: 'Remove a synonym group', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      noStore(reply);
      await deleteSynonymGroup(app.db, actor(request), request.params.id);
      await app.responseCache.invalidate();
      return reply.code(204).send(null);
    },
  );
};
