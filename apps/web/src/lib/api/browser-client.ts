import { currentAccessToken } from './access-token';

/** A failed browser call carries the server's message (spec §8) and its per-field errors. */
export class BrowserApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'BrowserApiError';
  }
}

export interface BrowserRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** The call needs the signed-in user (account pages): wait for the token if it is not loaded yet. */
  signedIn?: boolean;
}

/**
 * A call from the browser to the API on the same origin, with `Authorization: Bearer <token>` when
 * signed in. JSON in and out; 204 gives undefined.
 */
export async function browserApi<T>(path: string, { method = 'GET', body, query, signedIn = false }: BrowserRequest = {}): Promise<T> {
  const token = await currentAccessToken({ signedIn });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  // Fastify refuses an empty body declared as JSON, so the content type goes only with a body.
  if (body !== undefined) headers['content-type'] = 'application/json';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const url = search.size > 0 ? `${path}?${search}` : path;
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (data ?? {}) as { message?: string; errors?: Record<string, string> };
    throw new BrowserApiError(response.status, error.message ?? response.statusText, error.errors);
  }
  return data as T;
}
