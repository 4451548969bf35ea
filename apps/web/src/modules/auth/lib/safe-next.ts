/**
 * Where to send a visitor after signing in: the `next` parameter, only when it is a path on this
 * site. Anything else (another origin, `//evil.test`, `/\evil.test`, a scheme) falls back, so a
 * sign-in link can never be used to bounce someone to another site.
 */
export function safeNextPath(next: unknown, fallback = '/'): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(next)) return fallback;
  try {
    const base = 'http://shop.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The sign-in page for a visitor who asked for `path`. */
export function signInPathFor(path: string): string {
  return `/signin?next=${encodeURIComponent(safeNextPath(path))}`;
}
