/**
 * The storefront's security headers, built per page request by src/proxy.ts (docs/decisions/044).
 *
 * The Content-Security-Policy is a strict one: scripts run only with this request's nonce ('strict-dynamic' lets the
 * scripts Next.js loads load theirs), never from inline code an attacker could get into the page. Everything else
 * defaults to the shop's own origin. The chat widget (tawk.to) and the analytics tag (GA4) get their origins only
 * when they are configured, in site settings or CHAT_WIDGET_ID / ANALYTICS_ID.
 */

export interface ThirdParties {
  /** GA4's gtag.js: sends its hits to Google's collection endpoints. */
  analytics: boolean;
  /** tawk.to: its widget opens frames and a WebSocket, and loads fonts, styles, images and sounds from tawk.to. */
  chat: boolean;
}

export interface SecurityHeaderOptions {
  /** This request's nonce (base64), from newNonce(). */
  nonce: string;
  /** The page was asked for over https (see servedOverHttps): HSTS and upgrade-insecure-requests. */
  https: boolean;
  thirdParties?: ThirdParties;
  /** Other origins images may come from: the shop's logo may be any https URL (site settings). */
  imageOrigins?: readonly string[];
  /** `next dev`: React rebuilds server error stacks with eval in development only. */
  dev?: boolean;
  /**
   * The page is a payment step (/checkout and below, see isPaymentPage): Razorpay Checkout's origins are allowed and
   * the opener policy lets its popups (UPI apps, 3-D Secure, netbanking) talk back (decision 062). Every other page
   * keeps the strict policy.
   */
  payments?: boolean;
}

/** Google's list for GA4 under a CSP (Tag Manager's CSP guide): hits go to regional collection hosts. */
const ANALYTICS = {
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** What tawk.to's widget loads besides its script: frames, a WebSocket, fonts, styles, images, notification sounds. */
const CHAT = {
  connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
  frame: ['https://*.tawk.to', 'https://tawk.to'],
  img: ['https://*.tawk.to', 'https://tawk.link', 'https://cdn.jsdelivr.net'],
  font: ['https://*.tawk.to', 'https://fonts.gstatic.com'],
  style: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
  media: ['https://*.tawk.to'],
};

/**
 * What Razorpay Checkout loads besides checkout.js (docs/providers/razorpay.md §4, from Razorpay's own Magento module's
 * CSP allow-list and its issues): the script and its risk-detection bundle, the checkout frame on api.razorpay.com,
 * its telemetry, and its images. Browsers that know 'strict-dynamic' ignore the script hosts (checkout.js is loaded by
 * a script with the nonce); older ones need them.
 */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
};

/** The pages that may open the payment provider's checkout: the checkout, and paying an order again (/checkout/pay/…). */
export function isPaymentPage(pathname: string): boolean {
  return pathname === '/checkout' || pathname.startsWith('/checkout/');
}

/**
 * Pages opened from a mailed or texted link that carries a secret in its URL: sign-in, verification, password reset,
 * and the cash-on-delivery confirmation (its token is in the query).
 */
const SECRET_LINK_PAGES = new Set(['/signin/email-link', '/signin/confirm-email', '/reset-password', '/order/confirm-cod']);

/**
 * Whether a page is opened from a mailed link that carries a secret (decision 145). Such a page loads no third party,
 * even when the chat or analytics is configured: their scripts read the page's URL and content (the address shown),
 * and their requests would be the page's only ones to another site. src/proxy.ts leaves their origins out of the
 * policy and tells the layout (NO_THIRD_PARTIES_HEADER) not to render their scripts.
 */
export function isSecretLinkPage(pathname: string): boolean {
  return SECRET_LINK_PAGES.has(pathname.replace(/\/+$/, '') || '/');
}

/** Set by src/proxy.ts on the request of a page that must load no third party (isSecretLinkPage). */
export const NO_THIRD_PARTIES_HEADER = 'x-shop-no-third-parties';

/**
 * Features the shop never uses are switched off for the page and every frame in it. `payment=(self)`: the Payment
 * Request API stays available to the shop's own pages for a card or UPI gateway (Razorpay's checkout may ask for it);
 * a gateway's own frame would need its origin added here.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'usb=()',
].join(', ');

/** One year, subdomains included, as @fastify/helmet sends it from the API; no preload (that is a choice for the owner). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** 16 random bytes, base64: a nonce no attacker can guess, new for every page. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Whether the visitor reached the shop over https: a TLS proxy in front says so in X-Forwarded-Proto (its first
 * entry, the one nearest the visitor), or the shop's public address (SITE_URL) is https.
 */
export function servedOverHttps(forwardedProto: string | null | undefined, siteUrl: string | undefined): boolean {
  const proto = forwardedProto?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https' || (siteUrl ?? '').toLowerCase().startsWith('https://');
}

/** The origin of an absolute https URL (the logo's, say), or undefined for anything else. */
export function httpsOriginOf(url: string | null | undefined): string | undefined {
  if (!url?.startsWith('https://')) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function contentSecurityPolicy({
  nonce,
  https,
  thirdParties = { analytics: false, chat: false },
  imageOrigins = [],
  dev = false,
  payments = false,
}: SecurityHeaderOptions): string {
  const { analytics, chat } = thirdParties;
  const when = (on: boolean, origins: readonly string[]) => (on ? origins : []);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // 'strict-dynamic': a script with the nonce (Next's, or the chat and analytics loaders) may load further scripts;
    // host lists and 'self' are ignored by browsers that know it. No 'unsafe-inline'.
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...when(payments, RAZORPAY.script), ...(dev ? ["'unsafe-eval'"] : [])],
    // Styles allow inline: React renders style attributes into the HTML, react-toastify inserts its stylesheet at run
    // time and tawk.to its own, none of which can carry a nonce. Injected CSS cannot send anything out: images, fonts
    // and connections are held to the origins below (decision 044).
    ['style-src', "'self'", "'unsafe-inline'", ...when(chat, CHAT.style)],
    ['img-src', "'self'", 'data:', 'blob:', ...imageOrigins, ...when(analytics, ANALYTICS.img), ...when(chat, CHAT.img), ...when(payments, RAZORPAY.img)],
    ['font-src', "'self'", ...when(chat, CHAT.font)],
    ['connect-src', "'self'", ...when(analytics, ANALYTICS.connect), ...when(chat, CHAT.connect), ...when(payments, RAZORPAY.connect)],
    ['frame-src', "'self'", ...when(chat, CHAT.frame), ...when(payments, RAZORPAY.frame)],
    ['media-src', "'self'", ...when(chat, CHAT.media)],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    // The shop is never framed, by anyone: no clickjacking of /admin, /checkout or saved addresses.
    ['frame-ancestors', "'none'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => [...new Set(parts)].join(' ')).join('; ');
}

/** Every header a storefront page is sent with, the CSP included. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    // For browsers without CSP's frame-ancestors.
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    // A payment step keeps its opener for the popups Razorpay Checkout opens (UPI intent, 3-D Secure, netbanking).
    'Cross-Origin-Opener-Policy': options.payments ? 'same-origin-allow-popups' : 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
