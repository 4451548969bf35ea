import 'server-only';
import { cookies, headers } from 'next/headers';
import { ApiError } from './client';
import { refusalFrom } from './refusal';
import { apiOrigin } from './origin';

export { ApiError } from './client';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AdminCallOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** JSON body, or FormData for uploads (sent as multipart). */
  body?: unknown;
}

/**
 * A back-office call from the storefront's server (issue 7): the staff member's session cookie goes to the API,
 * which checks the role on every /api/admin route, and their forwarded address goes too for the API's limits.
 * Never cached. Throws ApiError with the API's message and field errors on failure. Pages read through it;
 * server actions write through it and then revalidate the storefront's cache tags the change touched.
 */
export async function adminApi<T>(method: AdminMethod, path: string, options: AdminCallOptions = {}): Promise<T> {
  const [store, forwarded] = await Promise.all([cookies(), headers()]);
  const url = new URL(path, apiOrigin());
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const forwardedFor = forwarded.get('x-forwarded-for');
  const isForm = options.body instanceof FormData;
  const response = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      cookie: store.toString(),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    cache: 'no-store',
  });
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('application/json') ? ((await response.json().catch(() => null)) as unknown) : await response.text();
  if (!response.ok) {
    throw new ApiError(refusalFrom(response.status, body, response.statusText));
  }
  return body as T;
}
