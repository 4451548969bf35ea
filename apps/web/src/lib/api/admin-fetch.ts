import 'server-only';
import { type HttpMethod, type Query, serverApi } from './client';
import type { ResponseSchema } from './shape';

export { ApiError } from './client';

type AdminMethod = HttpMethod;

interface AdminCallOptions {
  query?: Query;
  /** JSON body, or FormData for uploads (sent as multipart). */
  body?: unknown;
}

/**
 * A back-office call from the storefront's server (issue 7), through the one server core (client.ts): the staff
 * member's session cookie goes to the API, which checks the role on every /api/admin route, and their forwarded
 * address goes too for the API's limits. Never cached. Throws ApiError with the API's code, message and field
 * refusals on failure. The answer is checked against `schema` (the domain's zod schema of it); a write whose answer
 * the caller does not read may leave it out and gets `unknown`. Pages read through it; server actions write through
 * it and then revalidate the storefront's cache tags the change touched.
 */
export function adminApi<T>(method: AdminMethod, path: string, options: AdminCallOptions & { schema: ResponseSchema<T> }): Promise<T>;
export function adminApi(method: AdminMethod, path: string, options?: AdminCallOptions): Promise<unknown>;
export function adminApi<T>(method: AdminMethod, path: string, options: AdminCallOptions & { schema?: ResponseSchema<T> } = {}): Promise<unknown> {
  const { query, body, schema } = options;
  return schema ? serverApi(method, path, { query, body, session: 'visitor', schema }) : serverApi(method, path, { query, body, session: 'visitor' });
}
