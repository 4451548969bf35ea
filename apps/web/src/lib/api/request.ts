import type { Refusal } from './refusal';
import type { ResponseSchema } from './shape';

/**
 * What the server core (client.ts) and the browser core (browser-client.ts) do alike (decision 040): build the query,
 * encode the body, read the answer, and check it against its schema. Neither core has any other way to a response.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined | readonly string[];
export type Query = Record<string, QueryValue>;

/** `path?query`: empty values (undefined, null, '') are left out, a list repeats its key (`attr=a&attr=b`). */
export function withQuery(path: string, query: Query | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') search.append(key, String(value));
    else for (const item of value) search.append(key, item);
  }
  const text = search.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/**
 * The request body and the headers it needs: FormData goes as it is (fetch writes the multipart boundary), anything
 * else as JSON. No body, no content type: Fastify refuses an empty body declared as JSON.
 */
export function encodeBody(body: unknown): { body?: BodyInit; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  if (body instanceof FormData) return { body, headers: {} };
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

/** The answer's body: undefined for 204, null for none, parsed JSON, or the text of an answer that is not JSON. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    // A proxy's error page, say: refusalFrom gives it the status's code.
    return text;
  }
}

/** The first problem a schema reported: zod's first issue with its path, or the error's message. */
function problemOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'issues' in error && Array.isArray(error.issues)) {
    const issue: unknown = error.issues[0];
    if (typeof issue === 'object' && issue !== null) {
      const path = 'path' in issue && Array.isArray(issue.path) ? issue.path.map(String).join('.') : '';
      const message = 'message' in issue && typeof issue.message === 'string' ? issue.message : 'is invalid';
      return path ? `${path}: ${message}` : message;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/** The refusal for an answer that does not have the shape its schema says: the API (or something between) broke its contract. */
export function unexpectedAnswer(method: HttpMethod, path: string, error: unknown): Refusal {
  return {
    status: 502,
    code: 'internal',
    message: `The API's answer to ${method} ${path.split('?')[0]} does not have the expected shape (${problemOf(error)})`,
  };
}

/** A successful answer checked against its schema; without one the caller gets `unknown` and must check it itself. */
export function checkedAnswer<T>(schema: ResponseSchema<T>, body: unknown, onMismatch: (error: unknown) => never): T {
  try {
    return schema.parse(body);
  } catch (error) {
    return onMismatch(error);
  }
}
