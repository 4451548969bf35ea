// @ts-check
// Locale-prefixed URLs (docs/decisions/113): `/hi/…` and `/ar/…` are the storefront's pages in Hindi and Arabic; en,
// the default, keeps the spec's unprefixed URLs. The prefix only picks the locale: the request is rewritten to the
// unprefixed path (src/proxy.ts) with the locale in LOCALE_HEADER, which src/i18n/request.ts reads before the
// NEXT_LOCALE cookie. Pure functions, shared by server.mjs, src/proxy.ts, the page cache and the language switcher.

/** Locales and the cookie that picks one for unprefixed URLs: src/lib/locale/config.ts (a test keeps them equal). */
export const LOCALES = ['en', 'hi', 'ar'];
export const DEFAULT_LOCALE = 'en';
export const LOCALE_COOKIE = 'NEXT_LOCALE';
/** The locales with a URL prefix: every one but the default. */
export const PREFIXED_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/**
 * The request header that carries a prefixed URL's locale from src/proxy.ts to the render. Internal: server.mjs and
 * src/proxy.ts remove it from every visitor's request (stripInternalLocaleHeader), so only the prefix can set it.
 */
export const LOCALE_HEADER = 'x-shop-url-locale';

/** The cookie's life, as src/lib/locale/config.ts's localeCookieMaxAge: one year. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/**
 * A request target's locale prefix: `/hi/product/x?variant=2` → `{ locale: 'hi', url: '/product/x?variant=2' }`,
 * `/ar` → `{ locale: 'ar', url: '/' }`. Unprefixed targets (en's, `/api/…`, `/history`, `/en/…`) give null.
 * @param {string | undefined} target a request's URL (path and query) as a server receives it
 * @returns {{ locale: string, url: string } | null}
 */
export function splitLocalePrefix(target) {
  if (!target || target[0] !== '/') return null;
  for (const locale of PREFIXED_LOCALES) {
    const prefix = `/${locale}`;
    if (!target.startsWith(prefix)) continue;
    const rest = target.slice(prefix.length);
    if (rest === '' || rest[0] === '?' || rest[0] === '#') return { locale, url: `/${rest}` };
    // `/hi/` and `/hi//x` would leave a path that is not one of ours; `//` starting a path reads as another host.
    if (rest[0] === '/' && rest[1] !== '/') return { locale, url: rest };
  }
  return null;
}

/**
 * A path without its locale prefix (`/hi/my-account` → `/my-account`); unprefixed paths as they are. For client code
 * that compares `usePathname()`, which is the browser's (prefixed) path, with the app's own routes.
 * @param {string} path
 */
export function withoutLocalePrefix(path) {
  return splitLocalePrefix(path)?.url ?? path;
}

/**
 * The URL of `path` (unprefixed, may carry a query and fragment) in `locale`: en's as is, the others' prefixed.
 * @param {string} path
 * @param {string} locale
 */
export function localizedPath(path, locale) {
  const unprefixed = splitLocalePrefix(path)?.url ?? path;
  if (!PREFIXED_LOCALES.includes(locale)) return unprefixed;
  if (unprefixed === '/') return `/${locale}`;
  if (unprefixed.startsWith('/?') || unprefixed.startsWith('/#')) return `/${locale}${unprefixed.slice(1)}`;
  return `/${locale}${unprefixed}`;
}

/**
 * Removes the internal locale header from a visitor's request headers (a Node IncomingHttpHeaders object or a fetch
 * Headers), so a visitor cannot pick a render's locale, or poison a shared page, by sending it.
 * @param {Record<string, unknown> | Headers} headers
 */
export function stripInternalLocaleHeader(headers) {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) headers.delete(LOCALE_HEADER);
  else delete (/** @type {Record<string, unknown>} */ (headers)[LOCALE_HEADER]);
}

/**
 * The NEXT_LOCALE cookie's value in a Cookie header, when it names a supported locale.
 * @param {string | undefined | null} cookieHeader
 * @returns {string | undefined}
 */
export function cookieLocale(cookieHeader) {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== LOCALE_COOKIE) continue;
    let locale;
    try {
      locale = decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
    return LOCALES.includes(locale) ? locale : undefined;
  }
  return undefined;
}

/**
 * The Set-Cookie a visitor on a prefixed URL gets so their later (unprefixed) navigation stays in that language; only
 * when their cookie says otherwise, so the usual answer sets no cookie and stays shareable. The answer that sets it
 * must be marked private (a CDN must not keep a Set-Cookie).
 * @param {string} urlLocale
 * @param {string | undefined | null} cookieHeader
 * @returns {string | null}
 */
export function localeCookieToSet(urlLocale, cookieHeader) {
  if (cookieLocale(cookieHeader) === urlLocale) return null;
  return `${LOCALE_COOKIE}=${urlLocale}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}
