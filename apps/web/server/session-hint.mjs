// @ts-check
// The session hint (docs/decisions/095): a cookie the browser's scripts can read, saying "this visitor has a session
// cookie". The session cookie itself (auth_token) is HttpOnly, and cached pages are rendered signed out, so without
// the hint a signed-in shopper's header would say "Sign in" on every cached page. It carries no identity, only 1; the
// session is still checked by the API when the page asks for an access token (auth-session-mount.tsx).
export const SESSION_COOKIE = 'auth_token';
export const HINT_COOKIE = 'shop_session';

/** The attributes of a Set-Cookie that sets or clears the session cookie, or null when it is about another cookie. */
function sessionCookieAttributes(setCookie) {
  const [pair, ...attributes] = setCookie.split(';');
  const [name, ...value] = (pair ?? '').trim().split('=');
  if (name !== SESSION_COOKIE) return null;
  // Same lifetime and path; never HttpOnly (the point of the hint), never Domain-wider than the session.
  const kept = attributes.map((a) => a.trim()).filter((a) => /^(max-age|expires|path|secure|samesite)\b/i.test(a));
  return { cleared: value.join('=') === '' || kept.some((a) => /^max-age=0$/i.test(a)), kept };
}

/**
 * The Set-Cookie headers of an API answer, with the hint set or cleared beside the session cookie.
 * @param {string | string[] | undefined} setCookies
 * @returns {string[] | undefined}
 */
export function withSessionHint(setCookies) {
  if (setCookies === undefined) return undefined;
  const list = Array.isArray(setCookies) ? setCookies : [setCookies];
  const out = [...list];
  for (const setCookie of list) {
    const session = sessionCookieAttributes(setCookie);
    if (!session) continue;
    out.push([`${HINT_COOKIE}=${session.cleared ? '' : '1'}`, ...session.kept].join('; '));
  }
  return out;
}

/** Whether a Cookie header has a cookie of this name. */
export function hasCookie(cookieHeader, name) {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim().split('=')[0] === name);
}
