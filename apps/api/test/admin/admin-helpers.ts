import type { FastifyInstance } from 'fastify';
import type { Engine, TestContext } from '../helpers.ts';
import { type Customer, customer, engagementContext, makeRole } from '../engagement/engagement-helpers.ts';
import { freshIp } from '../auth/auth-helpers.ts';

export type Who = 'anonymous' | 'customer' | 'staff' | 'admin';

export interface AdminContext extends TestContext {
  /** Signed-in people of each role (anonymous has no cookie). */
  people: Record<Exclude<Who, 'anonymous'>, Customer>;
}

/** A database with the catalogue fixtures, an app with identity settings, and a customer, a staff member and an admin. */
export async function adminContext(engine: Engine): Promise<AdminContext> {
  const ctx = await engagementContext(engine);
  const [shopper, staff, admin] = [await customer(ctx, 'Asha Verma'), await customer(ctx, 'Ravi Staff'), await customer(ctx, 'Meera Admin')];
  await makeRole(ctx, staff.userId, 'staff');
  await makeRole(ctx, admin.userId, 'admin');
  return { ...ctx, people: { customer: shopper, staff, admin } };
}

interface AdminCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** Extra headers, e.g. a multipart content type. */
  headers?: Record<string, string>;
}

/** Calls the API as one of the four kinds of caller. */
export function callAs(ctx: AdminContext, who: Who, call: AdminCall, app: FastifyInstance = ctx.app) {
  const cookie = who === 'anonymous' ? undefined : ctx.people[who].cookie;
  return app.inject({
    method: call.method,
    url: call.url,
    remoteAddress: freshIp(),
    headers: {
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...call.headers,
    },
    ...(call.body !== undefined ? { payload: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) } : {}),
  });
}
