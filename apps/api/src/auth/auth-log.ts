/**
 * What better-auth logs, as the API's log should say it. better-auth logs some refusals of a client's own mistake at
 * error level, with the client's value in full: a callback URL that is not the shop's ("Invalid callbackURL: " and
 * 5,000 characters of whatever was sent), an OAuth callback without a state or with a forged or stale one, a sign-in
 * with a provider the shop does not offer. The client gets its 4xx; nothing failed on the server, so these are
 * warnings, and every value in them is cut to LOGGED_VALUE_MAX characters. Everything else keeps its level.
 */

export type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Longest client value a log line repeats, in characters. */
export const LOGGED_VALUE_MAX = 200;

const CLIENT_MISTAKES = [
  /^Invalid (?:callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|origin)\b/,
  /^Blocked cross-site navigation login attempt\b/,
  /^INVALID_CALLBACK_REQUEST$/,
  /^State not found\b/,
  /^Failed to parse state\b/,
  /^Provider not found\b/,
  /^Provider does not support id token verification\b/,
];

const cut = (text: string) => (text.length > LOGGED_VALUE_MAX ? `${text.slice(0, LOGGED_VALUE_MAX)}… (${text.length} characters)` : text);

/** A value as a log line may repeat it: strings cut, an error as its name and message, an object's own values cut. */
function bounded(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cut(value);
  if (value instanceof Error) return { name: value.name, message: cut(value.message) };
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 2) return '[object]';
  if (Array.isArray(value)) return value.slice(0, 10).map((item) => bounded(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, 20)
      .map(([key, item]) => [cut(key), bounded(item, depth + 1)]),
  );
}

/** The level, message and values a better-auth log call becomes (see above). */
export function authLogLine(level: AuthLogLevel, message: string, args: unknown[]): { level: AuthLogLevel; message: string; args: unknown[] } {
  if (!CLIENT_MISTAKES.some((pattern) => pattern.test(message))) return { level, message, args };
  return { level: level === 'error' ? 'warn' : level, message: cut(message), args: args.map((arg) => bounded(arg)) };
}
