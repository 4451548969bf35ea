import { type AccountRef, changeRoleRequestSchema, grantRoleRequestSchema, parseAccountRef, staffMemberSchema } from '@shop/domain/admin/staff';
import { coded } from '@shop/domain/field-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeRole, listStaff } from '../../admin/staff/change-role.ts';
import type { RequestUser } from '../../auth/request-user.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';

const refused = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * Staff accounts (issue 7, admins only): who has the staff or admin role; give an existing account (named by its
 * email or mobile number) one of them; change or take back a role by account id. An admin cannot demote themselves
 * and the last admin stays (409). Each change writes an audit row.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/staff',
    {
      config: { adminRole: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Staff and admin accounts, admins first (admin)',
        response: { 200: z.object({ data: z.array(staffMemberSchema) }), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return { data: await listStaff(app.db) };
    },
  );

  app.post(
    '/api/admin/staff',
    {
      config: { adminRole: 'admin' },
      bodyLimit: 2 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Make an existing account staff or admin, found by its email or mobile number (admin)',
        body: grantRoleRequestSchema,
        response: { 200: staffMemberSchema, ...refused },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const account = parseAccountRef(request.body.account) as AccountRef;
      return changeRole(app.db, request.user as RequestUser, account, request.body.role);
    },
  );

  app.put(
    '/api/admin/staff/:id/role',
    {
      config: { adminRole: 'admin' },
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: "Change an account's role; customer takes the back office away (admin)",
        params: z.object({ id: z.uuid({ error: coded('staff_id_invalid') }) }),
        body: changeRoleRequestSchema,
        response: { 200: staffMemberSchema, ...refused },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return changeRole(app.db, request.user as RequestUser, { id: request.params.id }, request.body.role);
    },
  );
};
