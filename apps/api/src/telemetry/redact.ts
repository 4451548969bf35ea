/**
 * What never reaches a log line (issue 19): credentials (authorization, cookies, set-cookie, tokens, passwords, codes)
 * and personal data (phone numbers, e-mail addresses, message bodies). Two parts: pino `redact` paths for fields of
 * logged objects, and `redactUrl` for the one place such values hide inside a string, a request's URL
 * (`/api/auth/magic-link/verify?token=…`, `/api/auth/reset-password/<token>`).
 */

export const REDACTED = '[redacted]';

/** Field names that carry a secret or personal data wherever they appear. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'password',
  'newPassword',
  'currentPassword',
  'secret',
  'code',
  'otp',
  'phone',
  'phoneNumber',
  'email',
  'to',
  'recipient',
  'text',
  'html',
  'body',
  'bodyText',
  'bodyHtml',
  'url',
];

/** Fields that are safe at the top of a pino line (the request line's own url is redacted by `redactUrl`). */
const TOP_LEVEL_SAFE = new Set(['url', 'code']);

/**
 * pino `redact` paths: each secret field at the top level (except `url` and `code`, which are pino's/ours: the
 * request line's redacted URL and error codes), one and two levels down (`outbox.to`, `args.0.email` is not matched:
 * arrays are covered by `*[*]`), and request and response headers by name.
 */
export const REDACT_PATHS: string[] = [
  ...SECRET_FIELDS.filter((field) => !TOP_LEVEL_SAFE.has(field)).map(pathOf),
  ...SECRET_FIELDS.filter((field) => field !== 'url' && field !== 'code').flatMap((field) => [
    `*.${pathOf(field)}`,
    `*.*.${pathOf(field)}`,
    `*[*].${pathOf(field)}`,
  ]),
  // Nested objects whose `url` or `code` is a secret: a sign-in link in a message, a one-time code in a body.
  'outbox.url',
  'outbox.code',
  'message.url',
  'message.code',
  'args[*].url',
  'args[*].code',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

function pathOf(field: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
}

/** Query parameters whose value is a secret or personal data, by name (case-insensitive, any part of the name). */
const SECRET_QUERY = /token|code|otp|secret|password|passwd|key|signature|sig$|^state$|email|phone|mobile|callback|redirect/i;
/** Values that look like an e-mail address or a phone number, whatever their parameter is called. */
const PERSONAL_VALUE = /@|\d{6,}|\+\d/;
/** Path segments after these are tokens (better-auth's reset-password and verify links). */
const TOKEN_IN_PATH = /(\/(?:reset-password|verify-email|magic-link\/verify)\/)[^/?#]+/gi;

/**
 * A URL fit for a log line: every query value that is named like a secret or looks like an e-mail or phone number is
 * replaced with `[redacted]`, and so are path segments that are tokens. The path and the other parameters stay, so a
 * line still says which page was asked for.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(TOKEN_IN_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let value = pair.slice(equals + 1);
      try {
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw text.
      }
      return SECRET_QUERY.test(name) || PERSONAL_VALUE.test(value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}
