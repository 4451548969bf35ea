import { defineRefusals } from './define.ts';

/** Refusals any route may answer: the request's shape, sign-in, roles, limits, and the server's own failures. */
export const generalRefusals = defineRefusals({
  validation_failed: {
    status: 400,
    message: (p: { field: string; problem: string }) => `Invalid ${p.field}: ${p.problem}`,
    example: { field: 'quantity', problem: 'is invalid' },
  },
  /** A field that broke a rule without a code of its own (a type or shape check); its message says which. */
  invalid_value: { status: 400, message: () => 'is invalid' },
  bad_request: { status: 400, message: () => 'Bad request' },
  invalid_json: { status: 400, message: () => 'The request body is not valid JSON' },
  /** A JSON body that is an array, a string, a number or null where every route takes an object (decision 046). */
  json_object_required: { status: 400, message: () => 'The request body must be a JSON object' },
  json_too_deep: {
    status: 400,
    message: (p: { max: number }) => `The request body is nested more than ${p.max} levels deep`,
    example: { max: 32 },
  },
  /** Control characters (NUL, escape…) in the query, the path or a JSON string; `errors` names the field. */
  invalid_characters: {
    status: 400,
    message: (p: { field: string }) => `${p.field} contains characters that are not allowed`,
    example: { field: 'name' },
  },
  /** A path with a broken percent-escape (`%E0%A4` cut short): Fastify cannot read it as a route (frameworkErrors). */
  invalid_url: { status: 400, message: () => 'The address is not valid' },
  /**
   * A request Node's HTTP parser refused before Fastify saw it (app.ts, clientErrorHandler): its address and headers
   * together over the server's limit (16 KB by default).
   */
  header_too_large: { status: 431, message: () => "The request's address or headers are too long" },
  /** A request that did not arrive in full within the server's time (app.ts, clientErrorHandler). */
  request_timeout: { status: 408, message: () => 'The request took too long to arrive' },
  not_signed_in: { status: 401, message: () => 'Sign in to continue' },
  forbidden: { status: 403, message: () => 'You do not have access to this' },
  /** A cookie-signed change sent from another site's page (decision 046): the shop's own pages send none. */
  cross_site_request: { status: 403, message: () => 'This request came from another site; open the shop and try again' },
  not_found: { status: 404, message: () => 'Not found' },
  conflict: { status: 409, message: () => 'This changed in the meantime; reload and try again' },
  payload_too_large: { status: 413, message: () => 'The request is too large' },
  unsupported_media_type: { status: 415, message: () => 'Send this request as JSON' },
  rate_limited: {
    status: 429,
    // Whole minutes, rounded up: a shopper reads "1 minute" better than "37 seconds".
    message: (p: { minutes: number }) => `Too many attempts. Try again in ${p.minutes} minute${p.minutes === 1 ? '' : 's'}.`,
    example: { minutes: 15 },
  },
  internal: { status: 500, message: () => 'Internal server error' },
  service_unavailable: { status: 503, message: () => 'Service unavailable' },
});
