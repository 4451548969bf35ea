import { currentAccessToken } from './access-token';
import { type CodedText, type Refusal, refusalFrom, type RefusalParamsOf } from './refusal';

/** A failed browser call: the API's coded refusal (decision 037), its English as the message (spec §8). */
export class BrowserApiError extends Error implements Refusal {
  readonly status: number;
  readonly code: string;
  readonly params?: RefusalParamsOf;
  readonly errors?: Record<string, CodedText>;

  constructor(refusal: Refusal) {
    super(refusal.message);
    this.name = 'BrowserApiError';
    this.status = refusal.status;
    this.code = refusal.code;
    if (refusal.params) this.params = refusal.params;
    if (refusal.errors) this.errors = refusal.errors;
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
  if (!response.ok) throw new BrowserApiError(refusalFrom(response.status, data, response.statusText));
  return data as T;
}
