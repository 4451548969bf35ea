import { openAPI } from 'better-auth/plugins';
import { type Auth, BASE_PATH } from '../auth/create-auth.ts';
import { authLimits } from '../auth/limits.ts';
import { optionalSessionSecurity, sessionSecurity } from './components.ts';
import { toOpenApi30 } from './schema-30.ts';

/**
 * The /api/auth endpoints in our document (decision 039). better-auth describes its own endpoints: its `openAPI()`
 * plugin's generator is called here directly, without adding the plugin to the auth instance, so no schema or
 * reference page is served under /api/auth. Its answer is an OpenAPI 3.1 document relative to /api/auth; this module
 * keeps the endpoints plugins/auth.ts lets through (not better-auth's /admin ones), puts them under /api/auth, says
 * which need the session cookie, which are rate limited (auth/limits.ts), and leaves the refusals to the shared
 * responses (plugins/auth.ts answers better-auth's errors in the Refusal shape).
 */

type Json = Record<string, unknown>;
type Operation = Json & { description?: string; parameters?: unknown[]; requestBody?: Json; responses?: Record<string, Json> };

export interface AuthFragment {
  paths: Record<string, Record<string, Operation>>;
  schemas: Record<string, unknown>;
}

interface GeneratedDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Endpoints that act on the caller's session: better-auth answers 401 without one. */
const SESSION_PATHS = new Set([
  '/verify-password',
  '/update-session',
  '/update-user',
  '/delete-user',
  '/change-email',
  '/change-password',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/token',
]);
/** Endpoints that read a session when there is one (get-session answers null without, sign-out succeeds). */
const OPTIONAL_SESSION_PATHS = new Set(['/get-session', '/sign-out', '/send-verification-email']);
/** Methods better-auth describes but does not serve in this configuration (POST get-session needs deferSessionRefresh). */
const NOT_SERVED = new Set(['post /get-session']);
/** Endpoints that check credentials or a code: a wrong one is refused with 401. */
const CREDENTIAL_PATHS = new Set(['/sign-in/email', '/sign-in/phone-number']);
/** GET endpoints reached from a link: they redirect to the callback URL. */
const REDIRECT_PATHS = new Set(['/reset-password/{token}', '/callback/{id}']);
/** GET endpoints of the mailed links: they redirect a browser to the storefront's confirm page (decision 145). */
const CONFIRM_PAGE_PATHS = new Set(['/verify-email', '/magic-link/verify']);

/** Summaries of the endpoints the storefront calls; the others take the first sentence of better-auth's description. */
const SUMMARIES: Record<string, string> = {
  'post /phone-number/send-otp': 'Send a 6-digit sign-in code by SMS to an Indian mobile number',
  'post /phone-number/verify': 'Sign in (or up) with the SMS code: sets the session cookie',
  'post /sign-in/email': 'Sign in with email and password: sets the session cookie',
  'post /sign-up/email': 'Sign up with email and password (a verification link is mailed)',
  'post /sign-in/magic-link': 'Mail a sign-in link',
  'get /magic-link/verify': 'Open a sign-in link in its old form: redirects to the confirm page, signs nobody in',
  'get /verify-email': 'Open a verification link in its old form: redirects to the confirm page, verifies nothing',
  'post /magic-link/preview': 'The address a mailed sign-in link is for, without using it',
  'post /magic-link/confirm': 'Use a mailed sign-in link (the button of its confirm page): sets the session cookie',
  'post /email-verification/preview': 'The address a mailed verification link is for, without using it',
  'post /email-verification/confirm': 'Use a mailed verification link (the button of its confirm page): verifies, and signs in',
  'post /sign-in/social': 'Start a Google sign-in (answers the provider URL to redirect to)',
  'post /sign-out': 'Sign out: ends the session and clears the cookie',
  'get /get-session': 'The current session and user, or null',
  'get /token': 'A 60-minute access token (JWT) for `Authorization: Bearer`',
  'get /jwks': 'The public keys that sign access tokens',
  'post /request-password-reset': 'Mail a password-reset link',
  'post /reset-password': 'Set a new password with a reset token',
  'post /change-password': 'Change my password',
  'post /change-email': 'Change my email address (confirmed by a mailed link)',
  'post /send-verification-email': 'Mail the email verification link again',
  'post /update-user': 'Update my name (trimmed, 1 to 100 characters; a profile picture cannot be set)',
};

function summaryOf(method: string, path: string, operation: Operation): string {
  const known = SUMMARIES[`${method} ${path}`];
  if (known) return known;
  const text = (operation.description ?? `${method.toUpperCase()} ${path}`).replace(/^Use this endpoint to /i, '').trim();
  const sentence = text.split(/(?<=\.)\s/)[0] as string;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1).replace(/\.$/, '');
}

const SCHEMA_PREFIX = 'Auth';

/** better-auth's component names prefixed (`User` → `AuthUser`), in every $ref of a fragment. */
function renameRefs<T>(value: T, names: string[]): T {
  let text = JSON.stringify(value);
  for (const name of names) text = text.replaceAll(`"#/components/schemas/${name}"`, `"#/components/schemas/${SCHEMA_PREFIX}${name}"`);
  return JSON.parse(text) as T;
}

/** Every property a row may lack is null in an answer (better-auth answers `image: null`, ours `email: null`). */
function nullableOptionals(schema: Json): Json {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  for (const [name, property] of Object.entries(properties)) {
    // A phone user's placeholder address is never shown: the API answers email: null (auth/create-auth.ts).
    if (!required.has(name) || name === 'email') properties[name] = { ...property, nullable: true };
  }
  return schema;
}

/** A request body or response with each media type's schema in 3.0 form. */
function withSchemas30(holder: Json): Json {
  const copy = { ...holder };
  if (copy.content && typeof copy.content === 'object') {
    copy.content = Object.fromEntries(
      Object.entries(copy.content as Record<string, Json>).map(([type, media]) => [
        type,
        media.schema ? { ...media, schema: toOpenApi30(media.schema) } : media,
      ]),
    );
  }
  return copy;
}

function convertOperation(method: string, path: string, generated: Operation): Operation {
  const operation: Operation = {
    tags: ['auth'],
    summary: summaryOf(method, path, generated),
    ...(generated.description ? { description: generated.description } : {}),
  };
  if (generated.parameters?.length) {
    operation.parameters = generated.parameters.map((parameter) => {
      const copy = { ...(parameter as Json) };
      if (copy.schema) copy.schema = toOpenApi30(copy.schema);
      return copy;
    });
  }
  if (generated.requestBody) operation.requestBody = withSchemas30(generated.requestBody);

  if (SESSION_PATHS.has(path)) operation.security = sessionSecurity;
  else if (OPTIONAL_SESSION_PATHS.has(path)) operation.security = optionalSessionSecurity;
  else operation.security = [];
  if (SESSION_PATHS.has(path)) operation['x-required-role'] = 'customer';

  const limits = authLimits[path];
  if (limits) operation['x-rate-limit'] = limits.map((rule) => ({ max: rule.max, windowSeconds: rule.windowSeconds, per: rule.by }));

  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries(generated.responses ?? {})) {
    if (/^2\d\d$/.test(status)) responses[status] = withSchemas30(response);
  }
  if (REDIRECT_PATHS.has(path)) {
    responses['302'] = {
      description: 'Redirects to the callback URL (with `?error=<CODE>` to the error callback URL when the link is not valid).',
      headers: { Location: { schema: { type: 'string' } } },
    };
  }
  if (CONFIRM_PAGE_PATHS.has(path)) {
    responses['302'] = {
      description: "Redirects to the storefront's confirm page, whose button POSTs the token (`#token=…` in the Location).",
      headers: { Location: { schema: { type: 'string' } } },
    };
  }
  // Refusals: bodies come from the shared responses (the completion step fills them in by status).
  if (CREDENTIAL_PATHS.has(path)) responses['401'] = {};
  // better-auth refuses a write whose Origin is not the shop's (its origin and CSRF checks).
  if (method === 'post') responses['403'] = {};
  operation.responses = responses;
  return operation;
}

async function generate(auth: Auth): Promise<AuthFragment> {
  // The plugin's endpoint, called as a function with the auth instance's context: the same document
  // GET /open-api/generate-schema would answer, with no route added.
  const endpoint = openAPI({ disableDefaultReference: true }).endpoints.generateOpenAPISchema as unknown as (input: {
    context: unknown;
  }) => Promise<GeneratedDocument>;
  const generated = await endpoint({ context: await auth.$context });
  const names = Object.keys(generated.components.schemas ?? {});

  const paths: AuthFragment['paths'] = {};
  for (const [path, item] of Object.entries(generated.paths)) {
    // better-auth's admin endpoints are refused (404) by plugins/auth.ts: accounts are managed under /api/admin/staff.
    if (path === '/admin' || path.startsWith('/admin/')) continue;
    const converted: Record<string, Operation> = {};
    for (const method of METHODS) {
      const operation = item[method];
      if (operation && !NOT_SERVED.has(`${method} ${path}`)) converted[method] = convertOperation(method, path, operation);
    }
    if (Object.keys(converted).length) paths[`${BASE_PATH}${path}`] = renameRefs(converted, names);
  }

  // Only the models the kept endpoints refer to.
  const used = JSON.stringify(paths);
  const schemas: Record<string, unknown> = {};
  for (const name of names) {
    if (!used.includes(`"#/components/schemas/${SCHEMA_PREFIX}${name}"`)) continue;
    schemas[`${SCHEMA_PREFIX}${name}`] = nullableOptionals(toOpenApi30(renameRefs(generated.components.schemas[name], names)) as Json);
  }
  return { paths, schemas };
}

const fragments = new WeakMap<Auth, Promise<AuthFragment>>();

/** The /api/auth part of the document for an auth instance: generated once (about 80 ms), on the first docs request. */
export function authFragment(auth: Auth): Promise<AuthFragment> {
  let fragment = fragments.get(auth);
  if (!fragment) {
    fragment = generate(auth);
    fragments.set(auth, fragment);
    // A failure is not kept: the next docs request tries again.
    fragment.catch(() => fragments.delete(auth));
  }
  return fragment;
}
