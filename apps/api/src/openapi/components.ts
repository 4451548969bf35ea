import { type RefusalCode, type RefusalEntry, refusalMessage, refusalParams, refusals, refusalStatus } from '@shop/domain/refusals/index';
import { SESSION_COOKIE } from '../auth/create-auth.ts';

/**
 * The shared parts of the OpenAPI document (decision 039): how a caller proves who it is, the one refusal body every
 * 4xx answers (decision 037), one response per refusal status, and the page every list answers.
 */

const BEARER_SCHEME = 'bearerAuth';
const COOKIE_SCHEME = 'sessionCookie';

export const securitySchemes = {
  [BEARER_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      '`Authorization: Bearer <access token>`: the 60-minute JWT of `GET /api/auth/token` (signed with the keys of ' +
      '`GET /api/auth/jwks`). Accepted by the shop routes; the /api/auth endpoints take the session cookie only.',
  },
  [COOKIE_SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      `The session cookie \`${SESSION_COOKIE}\` (HttpOnly, SameSite=Lax) set by the sign-in endpoints under /api/auth. ` +
      "Writes with it must come from the shop's own origin.",
  },
} as const;

/** Who may call a protected shop route: a bearer token or the session cookie, either one. */
export const signedInSecurity = [{ [BEARER_SCHEME]: [] }, { [COOKIE_SCHEME]: [] }];
/** /api/auth endpoints that need a session (better-auth reads the cookie only). */
export const sessionSecurity = [{ [COOKIE_SCHEME]: [] }];
/** /api/auth endpoints that answer differently with a session but work without one. */
export const optionalSessionSecurity = [{}, { [COOKIE_SCHEME]: [] }];

export const REFUSAL = '#/components/schemas/Refusal';
export const PAGE = '#/components/schemas/Page';

const paramValue = {
  description: 'A name, a count, an amount in paise (params named minimum, amount, total, price, fee or limit) or a list of names.',
  oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { type: 'string' } }],
};

export const sharedSchemas = {
  Refusal: {
    type: 'object',
    description:
      'Every refusal (decision 037): clients branch on `code`, people read `message`. The English `message` is the ' +
      "code's text with its `params`; `errors` names the fields that were refused, each with its own code.",
    required: ['message', 'code'],
    properties: {
      message: { type: 'string', description: 'English text for people; never parse it.' },
      code: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', description: 'Stable lower snake_case code (packages/domain/src/refusals).' },
      params: { type: 'object', description: "Values the code's text names.", additionalProperties: paramValue },
      errors: {
        type: 'object',
        description: 'Refusals by field (a dotted path into the input).',
        additionalProperties: { $ref: '#/components/schemas/FieldRefusal' },
      },
      requestId: { type: 'string', description: 'Only on a 5xx: the id to quote when reporting it.' },
    },
  },
  FieldRefusal: {
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
      message: { type: 'string' },
      params: { type: 'object', additionalProperties: paramValue },
    },
  },
  Page: {
    type: 'object',
    description:
      "One page of a list, as every list answers it (`pageOf` in apps/api/src/lib/page.ts). A list operation's " +
      'schema is this page with its own `data` items.',
    required: ['data', 'total', 'page', 'limit', 'hasMore'],
    properties: {
      data: { type: 'array', items: {}, description: 'The rows of this page.' },
      total: { type: 'integer', minimum: 0, description: 'Rows in the whole list (some listings cap it, decision 011).' },
      page: { type: 'integer', minimum: 1, description: 'This page, from 1.' },
      limit: { type: 'integer', minimum: 1, description: 'Rows per page.' },
      hasMore: { type: 'boolean', description: 'Whether a next page exists.' },
    },
  },
} as const;

interface StatusResponse {
  name: string;
  status: number;
  summary: string;
  /** The code shown as the example (a general one; the catalogue may hold more of this status). */
  example: RefusalCode;
  retryAfter?: boolean;
}

const statusResponses: StatusResponse[] = [
  { name: 'BadRequest', status: 400, summary: 'The request was refused: its input broke a rule.', example: 'validation_failed' },
  { name: 'NotSignedIn', status: 401, summary: 'Not signed in: no valid bearer token or session cookie.', example: 'not_signed_in' },
  {
    name: 'Forbidden',
    status: 403,
    summary: 'Signed in without the role this needs, a cross-site write with the session cookie, or not allowed for this account.',
    example: 'forbidden',
  },
  { name: 'NotFound', status: 404, summary: "Not found (also another user's resource).", example: 'not_found' },
  {
    name: 'Conflict',
    status: 409,
    summary: 'Conflicts with the current state (out of stock, already used, changed meanwhile).',
    example: 'conflict',
  },
  { name: 'PayloadTooLarge', status: 413, summary: 'The request body is too large.', example: 'payload_too_large' },
  {
    name: 'UnsupportedMediaType',
    status: 415,
    summary: 'The request body has a content type this operation does not take.',
    example: 'unsupported_media_type',
  },
  { name: 'UnprocessableEntity', status: 422, summary: 'Well-formed but not acceptable (e.g. a coupon that is not valid).', example: 'bad_request' },
  { name: 'RateLimited', status: 429, summary: 'Too many requests: wait for `Retry-After` seconds.', example: 'rate_limited', retryAfter: true },
  {
    name: 'ServerError',
    status: 500,
    summary: 'Failed on the server: the body says `internal` and the request id, nothing more.',
    example: 'internal',
  },
  { name: 'ServiceUnavailable', status: 503, summary: 'A service the API needs is unavailable; try again later.', example: 'service_unavailable' },
];

/** The name of the shared response for a status, if there is one. */
export function responseNameFor(status: number): string | undefined {
  return statusResponses.find((entry) => entry.status === status)?.name;
}

function exampleBody(code: RefusalCode, status: number): Record<string, unknown> {
  const entry = refusals[code] as unknown as RefusalEntry;
  const params = refusalParams(code, entry.example as never);
  const body: Record<string, unknown> = { message: refusalMessage(code as never, params as never), code };
  if (params) body.params = params;
  if (code === 'validation_failed') {
    const field = String((params as { field?: string }).field ?? 'quantity');
    body.errors = { [field]: { code: 'invalid_value', message: refusalMessage('invalid_value') } };
    delete body.params;
  }
  if (status >= 500) body.requestId = 'req-1a2b';
  return body;
}

/** Codes of the catalogue answered with a status, for the response's description. */
function codesOf(status: number): string[] {
  return Object.entries(refusals)
    .filter(([, entry]) => (entry as unknown as RefusalEntry).status === status)
    .map(([code]) => code)
    .sort();
}

/** The entry's general code when it has this status, else the catalogue's first code of the status. */
function exampleCode(entry: StatusResponse, codes: string[]): RefusalCode {
  if (refusalStatus(entry.example) === entry.status) return entry.example;
  return (codes[0] as RefusalCode | undefined) ?? entry.example;
}

/** `components.responses`: one per refusal status, each a Refusal with an example and the codes it may carry. */
export function sharedResponses(): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const entry of statusResponses) {
    const codes = codesOf(entry.status);
    responses[entry.name] = {
      description: `${entry.summary}${codes.length ? ` Codes of this status: ${codes.map((code) => `\`${code}\``).join(', ')}.` : ''}`,
      ...(entry.retryAfter
        ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } } } }
        : {}),
      content: { 'application/json': { schema: { $ref: REFUSAL }, example: exampleBody(exampleCode(entry, codes), entry.status) } },
    };
  }
  return responses;
}

/** Tags of the document, in the order a reader meets them. */
export const tagDescriptions: Record<string, string> = {
  site: 'The app shell: site settings, menus, client logs and reports.',
  catalogue: 'Categories, brands and home-page sliders.',
  products: 'Product listings, search, detail and cart pricing.',
  auth: 'Sign-in, sign-up, sessions and access tokens (better-auth, under /api/auth).',
  user: 'The signed-in customer: profile, addresses, reviews.',
  orders: 'Coupons, placing and following orders.',
  personalisation: 'Photos and texts customers send for personalised products.',
  reviews: 'Product reviews.',
  feedback: 'Shop feedback.',
  newsletter: 'The newsletter, double opt-in.',
  admin: 'The back office: every operation needs the staff or the admin role.',
  health: 'Liveness of the API and its database.',
  dev: 'Development helpers (served only while no mail or SMS gateway is set).',
};
