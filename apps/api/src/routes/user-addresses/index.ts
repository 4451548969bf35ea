import { addressInputSchema, addressSchema } from '@shop/domain/address';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addAddress, deleteAddress, listAddresses, makeDefault, replaceAddress } from '../../account/addresses.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';

/** An address is a few hundred bytes; anything much larger is not one. */
const BODY_LIMIT = 8 * 1024;

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

function callerId(request: FastifyRequest): string {
  // app.requireUser ran first: it answered 401 unless there is a user.
  return (request.user as NonNullable<FastifyRequest['user']>).id;
}

/**
 * /api/user/addresses: the signed-in user's saved delivery addresses (issue 3). Only ever the caller's own:
 * another user's address id answers 404 `address_not_found`, exactly like one that does not exist (the service
 * throws the refusals; the error handler answers them).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const userAddressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    noStore(reply);
  });

  app.get(
    '/api/user/addresses',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'My saved addresses, the default first, then newest first',
        response: { 200: z.object({ data: z.array(addressSchema) }), 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await listAddresses(app.db, callerId(request)) }),
  );

  app.post(
    '/api/user/addresses',
    {
      onRequest: app.requireUser,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['user'],
        summary: 'Save an address (the first one becomes the default; at most 20)',
        body: addressInputSchema,
        response: { 201: addressSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await addAddress(app.db, callerId(request), request.body)),
  );

  app.put(
    '/api/user/addresses/:id',
    {
      onRequest: app.requireUser,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['user'],
        summary: 'Replace one of my addresses',
        params: idParams,
        body: addressInputSchema,
        response: { 200: addressSchema, ...errors },
      },
    },
    async (request) => replaceAddress(app.db, callerId(request), request.params.id, request.body),
  );

  app.delete(
    '/api/user/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Delete one of my addresses (a deleted default passes to the newest remaining)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAddress(app.db, callerId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/user/addresses/:id/default',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Make one of my addresses the default',
        params: idParams,
        response: { 200: addressSchema, ...errors },
      },
    },
    async (request) => makeDefault(app.db, callerId(request), request.params.id),
  );
};
