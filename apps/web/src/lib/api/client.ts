import 'server-only';
import { cookies, headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { REQUEST_ID_HEADER } from '../../../server/request-id.mjs';
import { apiOrigin } from './origin';
import { type CodedText, type Refusal, refusalFrom, type RefusalParamsOf } from './refusal';
import { checkedAnswer, encodeBody, type HttpMethod, type Query, readBody, unexpectedAnswer, withQuery } from './request';
import type { ResponseSchema } from './shape';

export type { HttpMethod, Query } from './request';

/**
 * A failed API call: the API's refusal, coded (decision 037). `message` is the server's English (spec §8: "Any failed
 * request is given the server's response data as its message"); what a shopper reads comes from `code` and `params`
 * through refusal-text.ts.
 */
export class ApiError extends Error implements Refusal {
  readonly status: number;
  readonly code: string;
  readonly params?: RefusalParamsOf;
  readonly errors?: Record<string, CodedText>;

  constructor(refusal: Refusal) {
    super(refusal.message);
    this.name = 'ApiError';
    this.status = refusal.status;
    this.code = refusal.code;
    if (refusal.params) this.params = refusal.params;
    if (refusal.errors) this.errors = refusal.errors;
  }

  /** The refusal as plain data (what a server action can hand to a client component). */
  get refusal(): Refusal {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.params ? { params: this.params } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

/** How long Next's data cache keeps a public read, and the tags a change expires it by (ARCHITECTURE.md, convention 3). */
interface CacheFor {
  tags?: string[];
  /** Seconds a cached answer stays fresh (0: asked every render; false: until a tag expires it). */
  revalidate: number | false;
}

interface CallBase {
  query?: Query;
  /** JSON, or FormData (sent as multipart, never JSON-encoded). */
  body?: unknown;
}

/**
 * Whose call it is. `public`: the storefront's own (catalogue, shell), which may be cached. `visitor`: on behalf of
 * the visitor whose page is rendering (their orders, addresses, the back office): their session cookie goes to the
 * API, which accepts it like a bearer token, and their forwarded address too, so the API keys its limits on the
 * visitor and not on the storefront's server. A visitor's call is never cached.
 */
type ServerCall = CallBase & ({ session?: 'public'; cache?: CacheFor | 'no-store' } | { session: 'visitor'; cache?: 'no-store' });

async function visitorHeaders(): Promise<Record<string, string>> {
  const [store, forwarded] = await Promise.all([cookies(), headers()]);
  const forwardedFor = forwarded.get('x-forwarded-for');
  return { cookie: store.toString(), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
}

/**
 * The id of the page request this call is made for (server.mjs or src/proxy.ts set it), so the API's log lines for
 * the call carry the same id as the storefront's (decision 045). None outside a request (a build step, a script).
 */
async function requestIdHeaders(): Promise<Record<string, string>> {
  try {
    const id = (await headers()).get(REQUEST_ID_HEADER);
    return id ? { [REQUEST_ID_HEADER]: id } : {};
  } catch (error) {
    unstable_rethrow(error);
    return {};
  }
}

/**
 * The storefront server's one way to the API (decision 040). A refusal throws ApiError with its code, params and
 * field refusals (refusalFrom); a successful answer is checked against `schema` (the domain's zod schema of the
 * answer) and one that does not fit throws ApiError 502 `internal`, logged, instead of reaching a page half right.
 * Without a schema the answer is `unknown` (a 204 is undefined). Not cached unless `cache` says so.
 */
export function serverApi<T>(method: HttpMethod, path: string, options: ServerCall & { schema: ResponseSchema<T> }): Promise<T>;
export function serverApi(method: HttpMethod, path: string, options?: ServerCall & { schema?: undefined }): Promise<unknown>;
export async function serverApi<T>(method: HttpMethod, path: string, options: ServerCall & { schema?: ResponseSchema<T> } = {}): Promise<unknown> {
  const encoded = encodeBody(options.body);
  const cache = options.cache ?? 'no-store';
  const requestHeaders: Record<string, string> = {
    accept: 'application/json',
    ...encoded.headers,
    ...(options.session === 'visitor' ? await visitorHeaders() : {}),
    // Not on a cached read: Next's data cache keys on the headers, so a per-request id would make every read a miss,
    // and a cached answer serves many requests anyway.
    ...(cache === 'no-store' ? await requestIdHeaders() : {}),
  };
  const response = await fetch(new URL(withQuery(path, options.query), apiOrigin()), {
    method,
    headers: requestHeaders,
    body: encoded.body,
    ...(cache === 'no-store' ? { cache: 'no-store' } : { next: { revalidate: cache.revalidate, tags: cache.tags } }),
  });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(refusalFrom(response.status, body, response.statusText));
  if (!options.schema) return body;
  return checkedAnswer(options.schema, body, (error) => {
    const refusal = unexpectedAnswer(method, path, error);
    console.error(`serverApi: ${refusal.message}`);
    throw new ApiError(refusal);
  });
}

interface ApiGetOptions<T> {
  /** Cache tags so a catalogue change can invalidate exactly what it touched (ARCHITECTURE.md, convention 3). */
  tags?: string[];
  /** Seconds a cached answer stays fresh; catalogue reads default to 60. */
  revalidate?: number | false;
  query?: Query;
  schema: ResponseSchema<T>;
}

/** A public GET, cached by Next's data cache with tags (60 s unless `revalidate` says otherwise). */
export function apiGet<T>(path: string, options: ApiGetOptions<T>): Promise<T> {
  return serverApi('GET', path, { query: options.query, cache: { tags: options.tags, revalidate: options.revalidate ?? 60 }, schema: options.schema });
}
