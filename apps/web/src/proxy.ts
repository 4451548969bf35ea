import { type NextRequest, NextResponse } from 'next/server';
import { apiOrigin } from '@lib/api/origin';
import { isPaymentPage, isSecretLinkPage, NO_THIRD_PARTIES_HEADER, newNonce, securityHeaders, servedOverHttps } from '@lib/security-headers';
import { createPolicySettingsReader } from '@modules/third-party/policy-settings';
import { LOCALE_HEADER, localeCookieToSet, splitLocalePrefix, stripInternalLocaleHeader } from '../server/locale-url.mjs';
import { REQUEST_ID_HEADER, requestIdFrom } from '../server/request-id.mjs';

const policySettings = createPolicySettingsReader();

/**
 * Runs before every page: a fresh nonce and the security headers (src/lib/security-headers.ts, docs/decisions/044).
 * Next.js reads the nonce from the request's Content-Security-Policy header and puts it on its own scripts; the chat
 * and analytics loaders read it from `x-nonce`. Every page is rendered per request already (the root layout reads the
 * cookies), so the nonce changes nothing about caching.
 *
 * /api/* is forwarded to the API here only under `next dev` and for the image optimiser's own reads of /api/media:
 * `npm start`'s server.mjs forwards /api/* itself, before Next.js, so Next's `x-middleware-rewrite` header, which names
 * the API's internal address, never reaches a visitor (server/api-forward.mjs, docs/decisions/045).
 *
 * A locale prefix (`/hi/…`, `/ar/…`) is rewritten to the unprefixed page with the locale in LOCALE_HEADER, which
 * src/i18n/request.ts reads before the NEXT_LOCALE cookie; the header is removed from every visitor's request first
 * (server.mjs does too, for requests this proxy does not see). A visitor whose cookie names another locale is given
 * the URL's, so the unprefixed links they follow stay in that language (decision 113). The same code runs under
 * `next dev` and `npm start`; pages server.mjs answers from its cache set the cookie there.
 */
export async function proxy(request: NextRequest) {
  const requestHeaders = new Headers(request.headers);
  stripInternalLocaleHeader(requestHeaders);
  // server.mjs has set a sane id already; under `next dev` this makes one.
  const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  requestHeaders.set(REQUEST_ID_HEADER, requestId);

  if (request.nextUrl.pathname === '/api' || request.nextUrl.pathname.startsWith('/api/')) {
    const target = new URL(request.nextUrl.pathname + request.nextUrl.search, apiOrigin());
    const response = NextResponse.rewrite(target, { request: { headers: requestHeaders } });
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  }

  const prefixed = splitLocalePrefix(request.nextUrl.pathname + request.nextUrl.search);
  if (prefixed) requestHeaders.set(LOCALE_HEADER, prefixed.locale);
  const pathname = prefixed ? new URL(prefixed.url, request.url).pathname : request.nextUrl.pathname;

  const nonce = newNonce();
  // A page rendered for the shared page cache is kept until the next change: its policy comes from the settings as they
  // are now, not from the copy (server.mjs strips this header from anyone else's request; decision 095).
  const { thirdParties, imageOrigins } = await policySettings({ fresh: request.headers.has('x-page-cache-fill') });
  // A page opened from a mailed link with a secret loads no chat or analytics (decision 145): none in its policy, and
  // the layout renders no script for them (the header is always set here, so a visitor's own value never counts).
  const secretLink = isSecretLinkPage(pathname);
  requestHeaders.set(NO_THIRD_PARTIES_HEADER, secretLink ? '1' : '0');
  const headers = securityHeaders({
    nonce,
    https: servedOverHttps(request.headers.get('x-forwarded-proto'), process.env.SITE_URL),
    thirdParties: secretLink ? undefined : thirdParties,
    imageOrigins,
    dev: process.env.NODE_ENV === 'development',
    payments: isPaymentPage(pathname),
  });
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', headers['Content-Security-Policy'] ?? '');
  const response = prefixed
    ? NextResponse.rewrite(new URL(prefixed.url, request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  // Not on a page-cache fill: a shared page sets no cookie.
  const cookie = prefixed && !request.headers.has('x-page-cache-fill') ? localeCookieToSet(prefixed.locale, request.headers.get('cookie')) : null;
  if (cookie) {
    response.headers.append('set-cookie', cookie);
    response.headers.set('cache-control', 'private, no-cache, no-store');
  }
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

export const config = {
  matcher: [
    '/api/:path*',
    {
      // Pages; not the build's static files, optimised images or the icons and other files in public/, and not
      // <Link> prefetches (the page itself gets the headers when it is opened).
      source: '/((?!api/|api$|_next/static|_next/image|icons/|icon\\.svg|favicon\\.ico|.*\\.(?:png|jpg|jpeg|webp|avif|svg|ico|txt|xml|webmanifest|woff2)$).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    // Locale-prefixed pages, prefetches included: the prefix must be rewritten for every request (decision 113).
    '/(hi|ar)',
    '/(hi|ar)/:path*',
  ],
};
