import fc from 'fast-check';
import { fuzzValue, hostileString, type JsonSchema, OMIT, type SchemaContext } from './openapi-arbitraries.ts';

/** The operations of the OpenAPI document, and for each a fast-check arbitrary of requests to it (decision 058). */

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export type Caller = 'anonymous' | 'customer' | 'admin';
export const CALLERS: Caller[] = ['anonymous', 'customer', 'admin'];

export interface Operation {
  id: string;
  method: Uppercase<(typeof METHODS)[number]>;
  path: string;
  operation: Json;
}

export function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (operation) operations.push({ id: String(operation.operationId), method: method.toUpperCase() as Operation['method'], path, operation });
    }
  }
  return operations;
}

/** Uploads take multipart bodies, which the document describes in words only (their summary says "multipart"). */
export const isMultipart = (operation: Operation) => /\(multipart\b/.test(String(operation.operation.summary ?? ''));

/**
 * Operations the property-based run leaves out, and why. Each is still called: the multipart ones by
 * fuzz.test.ts's malformed-multipart test, the session enders by the auth suites.
 */
export const SKIPPED: Record<string, string> = {
  postAuthSignOut: 'ends the session the run signs its requests with',
  postAuthRevokeSessions: "ends every session of the caller, the run's own included",
};

/** A request as the fuzzer sends it, and as a report prints it. */
export interface FuzzRequest {
  caller: Caller;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** How the payload's characters become bytes: UTF-8, or latin1 for binary bodies (multipart files). */
  encoding?: 'latin1';
}

/** How a caller proves who they are; the fuzz context signs them in. */
export interface Credentials {
  cookie: string;
  bearer: string;
  userId: string;
}

const SITE = 'http://localhost:3000';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** A URL-ready text for a generated value: strings as they are, other values as JSON, arrays as repeated keys. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Percent-encoded as a client would; a lone surrogate (JSON bodies may carry one, URLs cannot) becomes U+FFFD first. */
const encode = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

/** Raw escapes the fuzzer sends on purpose: malformed, overlong, traversal, NUL. */
const rawEscape = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%2e%2e', '%2F', '%00', '%ff', '%u0000', '..', '.', '%20');

function pathSegment(parameter: Parameter, ctx: SchemaContext): fc.Arbitrary<string> {
  const value = fuzzValue(parameter.schema ?? { type: 'string' }, ctx, parameter.name);
  return fc.oneof(
    { weight: 9, arbitrary: value.map((generated) => (generated === OMIT ? '' : encode(asText(generated)))) },
    { weight: 1, arbitrary: rawEscape },
  );
}

/** Query pairs: each parameter left out or given (once, or repeated), an unknown one now and then, raw escapes. */
function queryPairs(parameters: Parameter[], ctx: SchemaContext): fc.Arbitrary<string[]> {
  const pairs = parameters.map((parameter) => {
    const key = encodeURIComponent(parameter.name);
    const value = fuzzValue(parameter.schema ?? { type: 'string' }, ctx, parameter.name);
    const given = value.map((generated): string[] => {
      if (generated === OMIT) return [];
      if (Array.isArray(generated) && generated.length > 0) return generated.map((item) => `${key}=${encode(asText(item))}`);
      if (generated === null) return [key];
      return [`${key}=${encode(asText(generated))}`];
    });
    const raw = rawEscape.map((escape) => [`${key}=${escape}`]);
    return fc.oneof(
      { weight: parameter.required ? 0 : 3, arbitrary: fc.constant<string[]>([]) },
      { weight: 6, arbitrary: given },
      { weight: 1, arbitrary: raw },
    );
  });
  const unknown = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: hostileString.map((text) => [`unknown=${encode(text)}`]) },
  );
  return fc.tuple(...pairs, unknown).map((lists) => lists.flat());
}

/** The JSON body: generated from the schema, or (for operations without one) mostly none. */
function body(operation: Operation, ctx: SchemaContext): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const content = (operation.operation.requestBody as Json | undefined)?.content as Json | undefined;
  const schema = content?.['application/json']?.schema as JsonSchema | undefined;
  const json = (value: unknown) => (value === OMIT ? {} : { payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  const notJson = fc
    .constantFrom('{', 'not json', '{"a":1,}', '[1,2', '\u0000', '{"a":"\\u0000"}', '', '{}}', 'true false')
    .map((payload) => ({ payload, contentType: 'application/json' }));
  const otherType = fc
    .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/xml')
    .map((contentType) => ({ payload: 'a=1&b=2', contentType }));
  if (!schema) {
    if (operation.method === 'GET') return fc.constant({});
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.constant({ payload: '{}', contentType: 'application/json' }) },
      { weight: 1, arbitrary: notJson },
    );
  }
  const required = (operation.operation.requestBody as Json).required === true;
  return fc.oneof(
    { weight: 18, arbitrary: fuzzValue(schema, ctx).map(json) },
    { weight: required ? 1 : 2, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: notJson },
    { weight: 1, arbitrary: otherType },
  );
}

/** An arbitrary of requests to one operation, by any caller, with the caller's credentials when signed in. */
export function requestArbitrary(
  operation: Operation,
  ctx: SchemaContext,
  credentials: Record<Exclude<Caller, 'anonymous'>, Credentials>,
): fc.Arbitrary<FuzzRequest> {
  const parameters = ((operation.operation.parameters ?? []) as Parameter[]).filter((parameter) => parameter.name);
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const headerParameters = parameters.filter((parameter) => parameter.in === 'header');

  const path = fc.tuple(...pathParameters.map((parameter) => pathSegment(parameter, ctx))).map((segments) => {
    let url = operation.path;
    pathParameters.forEach((parameter, index) => (url = url.replace(`{${parameter.name}}`, segments[index]!)));
    return url;
  });
  // Header values must be printable: Node refuses to send others, so they never reach the API.
  const headerValue = fc.oneof(fc.uuid(), fc.string({ maxLength: 300 }), fc.constantFrom('', ' ', 'x'.repeat(8_000)));
  const headers = fc.tuple(...headerParameters.map(() => fc.option(headerValue, { nil: undefined })));

  // Most requests come from the callers the operation is for, so they get past its guard; the role matrix and the
  // auth suites test the guards themselves.
  const role = operation.operation['x-required-role'] as string | undefined;
  const intended: Caller | undefined = role === 'staff' || role === 'admin' ? 'admin' : role === 'customer' ? 'customer' : undefined;
  const caller = intended
    ? fc.oneof({ weight: 6, arbitrary: fc.constant(intended) }, { weight: 2, arbitrary: fc.constantFrom(...CALLERS.filter((other) => other !== intended)) })
    : fc.constantFrom(...CALLERS);

  return fc
    .record({
      caller,
      // Signed-in callers use the session cookie (as the storefront does) or the access token (as other clients do).
      bearer: fc.boolean(),
      path,
      query: queryPairs(queryParameters, ctx),
      body: body(operation, ctx),
      headerValues: headers,
    })
    .map(({ caller, bearer, path, query, body, headerValues }): FuzzRequest => {
      const requestHeaders: Record<string, string> = { origin: SITE };
      if (caller !== 'anonymous') {
        if (bearer) requestHeaders.authorization = `Bearer ${credentials[caller].bearer}`;
        else requestHeaders.cookie = credentials[caller].cookie;
      }
      headerParameters.forEach((parameter, index) => {
        const value = headerValues[index];
        if (value !== undefined) requestHeaders[parameter.name] = value;
      });
      if (body.contentType) requestHeaders['content-type'] = body.contentType;
      return {
        caller,
        method: operation.method,
        url: query.length ? `${path}?${query.join('&')}` : path,
        headers: requestHeaders,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      };
    });
}
