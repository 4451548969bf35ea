import 'server-only';
import { cookies, headers } from 'next/headers';
import { ApiError } from './client';
import { refusalFrom } from './refusal';
import { apiOrigin } from './origin';

/**
 * A signed-in call from the storefront's server, for pages rendered per visitor (checkout, orders): the browser's
 * session cookie goes to the API, which accepts it like a bearer token, and the visitor's forwarded address goes too
 * so the API keys its limits on the shopper. Never cached. Throws ApiError with the server's message on failure.
 */
export async function sessionApiGet<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
  const [store, forwarded] = await Promise.all([cookies(), headers()]);
  const url = new URL(path, apiOrigin());
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  const forwardedFor = forwarded.get('x-forwarded-for');
  const response = await fetch(url, {
    headers: { accept: 'application/json', cookie: store.toString(), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    cache: 'no-store',
  });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    throw new ApiError(refusalFrom(response.status, body, response.statusText));
  }
  return body as T;
}
