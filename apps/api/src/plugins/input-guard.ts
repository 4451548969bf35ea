import { fieldRefusal as fieldRefusalOf } from '@shop/domain/refusals/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Refusal } from '../lib/refusal.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its body as the raw Buffer (a signed webhook): the JSON checks below do not apply. */
    rawBody?: boolean;
  }
}

/** C0 controls and DEL: never part of a name, a code, an id or a search. */
const CONTROL = /[\u0000-\u001f\u007f]/;
/** The same, less tab, line feed and carriage return: a message or an address may have several lines. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function refuse(field: string): Refusal {
  const error = fieldRefusalOf('invalid_characters', { field });
  return new Refusal('invalid_characters', { params: { field }, errors: { [field]: error } });
}

/** The first field (dotted path, as validation errors name fields) of a flat map whose key or value has a control character. */
function badEntry(values: unknown): string | undefined {
  if (values === null || typeof values !== 'object') return undefined;
  for (const [key, value] of Object.entries(values)) {
    const field = key === '*' ? 'path' : key;
    if (CONTROL.test(key)) return field;
    const list: unknown[] = Array.isArray(value) ? value : [value];
    if (list.some((item) => typeof item === 'string' && CONTROL.test(item))) return field;
  }
  return undefined;
}

/** Deepest JSON nesting taken: the API's bodies nest a few levels; JSON.stringify overflows at a few thousand. */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses a parsed JSON body nested deeper than MAX_JSON_DEPTH (`json_too_deep`) or with a control character in a
 * string or key (`invalid_characters`, the field as a dotted path: `items.0.note`). Walked with a stack of its own:
 * a body nested thousands deep must not overflow the call stack here either.
 */
function checkJson(body: unknown): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      if (CONTROL_IN_TEXT.test(value)) throw refuse(path || 'body');
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) throw new Refusal('json_too_deep', { params: { max: MAX_JSON_DEPTH } });
      for (const [key, child] of Object.entries(value)) {
        if (CONTROL.test(key)) throw refuse(path || 'body');
        stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
      }
    }
  }
}

/** A body the API can read as an object: absent (no body, or a multipart upload read as a stream), or a JSON object. */
function isObjectBody(body: unknown): boolean {
  return body === undefined || (body !== null && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body));
}

/** Applies the guard to one parsed request (exported for the unit test); throws the Refusal. */
export function guardInput(request: Pick<FastifyRequest, 'query' | 'params' | 'body'>): void {
  const field = badEntry(request.query) ?? badEntry(request.params);
  if (field !== undefined) throw refuse(field);
  if (!isObjectBody(request.body)) throw new Refusal('json_object_required');
  checkJson(request.body);
}

/**
 * Bad bytes never reach a handler (decision 046): before validation, on every route (better-auth's /api/auth/*
 * included), a control character (U+0000–U+001F, U+007F) in the query string or a path parameter, or in any key or
 * string of a JSON body (tab, line feed and carriage return allowed there), is 400 `invalid_characters` naming the
 * field; a JSON body that is not an object (an array, a string, a number, null) is 400 `json_object_required`, and
 * one nested deeper than MAX_JSON_DEPTH 400 `json_too_deep`.
 * PostgreSQL refuses a NUL in text with an error, and better-auth assumes an object: both were 500s.
 */
export const inputGuardPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function inputGuard(app: FastifyInstance) {
    app.addHook('preValidation', (request, _reply, done) => {
      // A route that verifies a signature over the exact bytes takes them raw (payments' webhook, decision 060).
      if (request.routeOptions.config.rawBody === true) {
        done();
        return;
      }
      try {
        guardInput(request);
      } catch (error) {
        done(error as Refusal);
        return;
      }
      done();
    });
  },
  { name: 'input-guard' },
);
