/**
 * Where the mailed sign-in and verification links lead (decision 145): to a storefront page that shows the address and
 * asks for a click, never to an API endpoint that signs the browser in on a GET. The token travels in the URL's
 * fragment, which browsers never send to a server (no access log, proxy, cache or Referer sees it); the page reads it
 * and POSTs it to the confirm endpoints of ./email-link-confirmation.ts.
 */

/** The storefront page of each kind of link (apps/web/src/app/signin/…). */
export const EMAIL_LINK_PAGES = {
  'magic-link': '/signin/email-link',
  'verify-email': '/signin/confirm-email',
} as const;

export type EmailLinkKind = keyof typeof EMAIL_LINK_PAGES;

/**
 * A path on the shop for the page to go to afterwards: better-auth's callbackURL (a path, or an absolute URL on the
 * shop's origin, as its origin check allows), else "/". Anything on another origin becomes "/".
 */
export function sameSitePath(callbackURL: string | null | undefined, siteUrl: string): string {
  if (!callbackURL) return '/';
  try {
    const site = new URL(siteUrl);
    const url = new URL(callbackURL, site);
    return url.origin === site.origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

/** The page's URL for a token: `?next=` where to go afterwards (left out for "/"), `#token=` the token. */
export function emailLinkPageUrl(siteUrl: string, kind: EmailLinkKind, token: string, callbackURL?: string | null): string {
  const url = new URL(EMAIL_LINK_PAGES[kind], siteUrl);
  const next = sameSitePath(callbackURL, siteUrl);
  if (next !== '/') url.searchParams.set('next', next);
  url.hash = new URLSearchParams({ token }).toString();
  return url.toString();
}

/** The page for a link better-auth built (its `…/magic-link/verify` or `…/verify-email` URL, token and callbackURL). */
export function emailLinkPageFor(siteUrl: string, kind: EmailLinkKind, betterAuthUrl: string, token: string): string {
  let callbackURL: string | null = null;
  try {
    callbackURL = new URL(betterAuthUrl).searchParams.get('callbackURL');
  } catch {
    // Not a URL: no callback, the page goes home.
  }
  return emailLinkPageUrl(siteUrl, kind, token, callbackURL);
}
