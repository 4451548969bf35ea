import { currentAccessToken } from './access-token';
import { type CodedText, type Refusal, refusalFrom, type RefusalParamsOf } from './refusal';
import { checkedAnswer, encodeBody, type HttpMethod, type Query, readBody, unexpectedAnswer, withQuery } from './request';
import type { ResponseSchema } from './shape';

/** A failed browser call: the API's coded refusal (decision 037), its English as the message (spec §8). */
export class BrowserApiError extends Error implements Refusal {
  readonly status: number;
  readonly code: string;
  readonly params?: RefusalParamsOf;
  readonly errors?: Record<string, CodedText>;
  /** The refusal's body as it came, for a caller that reads more than the contract's fields (the import's rows). */
  readonly body: unknown;

  constructor(refusal: Refusal, body?: unknown) {
    super(refusal.message);
    this.name = 'BrowserApiError';
    this.status = refusal.status;
    this.code = refusal.code;
    if (refusal.params) this.params = refusal.params;
    if (refusal.errors) this.errors = refusal.errors;
    this.body = body;
  }
}

/** The request never reached an answer (offline, connection dropped): nothing is known of what the server did. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

interface BrowserRequest {
  method?: HttpMethod;
  /** JSON, or FormData (sent as multipart, never JSON-encoded). */
  body?: unknown;
  query?: Query;
  /** The call needs the signed-in user (account pages): wait for the token if it is not loaded yet. */
  signedIn?: boolean;
  /** Headers of this call, e.g. the order's Idempotency-Key. */
  headers?: Record<string, string>;
  /** Let the request outlive the page (the client error log, sent while the page may be going away). */
  keepalive?: boolean;
}

/**
 * The browser's one way to the API (decision 040), on the same origin (the storefront forwards /api/* to the API)
 * with `Authorization: Bearer <token>` when signed in. A refusal throws BrowserApiError with its code, params and
 * field refusals; no answer at all throws NetworkError. A successful answer is checked against `schema` (a light check
 * from shape.ts, so the shopper's bundle carries no zod for it); one that does not fit throws BrowserApiError 502
 * `internal`. Without a schema the answer is `unknown`; 204 gives undefined.
 */
export function browserApi<T>(path: string, request: BrowserRequest & { schema: ResponseSchema<T> }): Promise<T>;
export function browserApi(path: string, request?: BrowserRequest & { schema?: undefined }): Promise<unknown>;
export async function browserApi<T>(path: string, request: BrowserRequest & { schema?: ResponseSchema<T> } = {}): Promise<unknown> {
  const { method = 'GET', body, query, signedIn = false, keepalive, schema } = request;
  const token = await currentAccessToken({ signedIn });
  const encoded = encodeBody(body);
  const headers: Record<string, string> = { accept: 'application/json', ...encoded.headers, ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(withQuery(path, query), { method, headers, body: encoded.body, ...(keepalive ? { keepalive } : {}) });
  } catch (error) {
    throw new NetworkError(error);
  }
  const data = await readBody(response);
  if (!response.ok) throw new BrowserApiError(refusalFrom(response.status, data, response.statusText), data);
  return schema ? checkedBrowserAnswer(schema, data, method, path) : data;
}

/** A successful answer checked against its schema, or BrowserApiError 502 (also for the XHR upload). */
export function checkedBrowserAnswer<T>(schema: ResponseSchema<T>, data: unknown, method: HttpMethod, path: string): T {
  return checkedAnswer(schema, data, (error) => {
    throw new BrowserApiError(unexpectedAnswer(method, path, error));
  });
}
