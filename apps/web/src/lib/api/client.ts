import 'server-only';
import { apiOrigin } from './origin';
import { type CodedText, type Refusal, refusalFrom, type RefusalParamsOf } from './refusal';

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
    return { status: this.status, code: this.code, message: this.message, ...(this.params ? { params: this.params } : {}), ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export interface ApiGetOptions {
  /** Cache tags so a catalogue change can invalidate exactly what it touched (ARCHITECTURE.md, convention 3). */
  tags?: string[];
  /** Seconds a cached answer stays fresh; catalogue reads default to 60. */
  revalidate?: number | false;
  query?: Record<string, string | number | boolean | undefined | null | string[]>;
}

function buildUrl(path: string, query: ApiGetOptions['query']): string {
  const url = new URL(path, apiOrigin());
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function parse<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new ApiError(refusalFrom(response.status, body, response.statusText));
  return body as T;
}

/** Server-side GET against the API, cached by Next's data cache with tags. */
export async function apiGet<T>(path: string, options: ApiGetOptions = {}): Promise<T> {
  const response = await fetch(buildUrl(path, options.query), {
    headers: { accept: 'application/json' },
    next: { revalidate: options.revalidate ?? 60, tags: options.tags },
  });
  return parse<T>(response);
}

/** Server-side POST; never cached. */
export async function apiPost<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(buildUrl(path, undefined), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  return parse<T>(response);
}
