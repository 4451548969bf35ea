import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, httpsOriginOf, isPaymentPage, isSecretLinkPage, newNonce, securityHeaders, servedOverHttps } from './security-headers';

/** The policy as directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name ?? '', sources];
    }),
  );
}

const nonce = 'bm9uY2Utb2YtdGhpcy1wYWdl';

describe('contentSecurityPolicy', () => {
  it('lets scripts run only with the page’s nonce (and what they load), never inline code', () => {
    const policy = directives(contentSecurityPolicy({ nonce, https: false }));
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(contentSecurityPolicy({ nonce, https: false })).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('never lets another site frame the shop', () => {
    expect(directives(contentSecurityPolicy({ nonce, https: false })).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('keeps images on the shop’s origin (media comes through /api/media), data: placeholders and blob: previews', () => {
    const policy = directives(contentSecurityPolicy({ nonce, https: false, imageOrigins: ['https://cdn.example'] }));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('font-src')).toEqual(["'self'"]);
  });

  it('names no chat or analytics origin unless they are configured', () => {
    const policy = contentSecurityPolicy({ nonce, https: false, thirdParties: { analytics: false, chat: false } });
    expect(policy).not.toMatch(/tawk|google/);
  });

  it('allows GA4’s collection endpoints when analytics is configured', () => {
    const policy = directives(contentSecurityPolicy({ nonce, https: false, thirdParties: { analytics: true, chat: false } }));
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://*.analytics.google.com']));
    expect(policy.get('img-src')).toContain('https://*.googletagmanager.com');
    expect(policy.get('frame-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy({ nonce, https: false, thirdParties: { analytics: true, chat: false } })).not.toMatch(/tawk/);
  });

  it('allows tawk.to’s frames, WebSocket, fonts and styles when the chat is configured', () => {
    const policy = directives(contentSecurityPolicy({ nonce, https: false, thirdParties: { analytics: false, chat: true } }));
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://*.tawk.to', 'wss://*.tawk.to']));
    expect(policy.get('frame-src')).toContain('https://*.tawk.to');
    expect(policy.get('font-src')).toContain('https://*.tawk.to');
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
  });

  it('upgrades insecure requests only over https, and allows eval only under next dev', () => {
    expect(directives(contentSecurityPolicy({ nonce, https: true })).has('upgrade-insecure-requests')).toBe(true);
    expect(directives(contentSecurityPolicy({ nonce, https: false })).has('upgrade-insecure-requests')).toBe(false);
    expect(directives(contentSecurityPolicy({ nonce, https: false, dev: true })).get('script-src')).toContain("'unsafe-eval'");
  });
});

describe('securityHeaders', () => {
  it('sends the frame, sniffing, referrer, permissions and opener headers on every page', () => {
    const headers = securityHeaders({ nonce, https: false });
    expect(headers).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
    expect(headers['Content-Security-Policy']).toContain(`'nonce-${nonce}'`);
    const permissions = headers['Permissions-Policy'] ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)']) expect(permissions).toContain(feature);
  });

  it('sends HSTS over https only (a browser ignores it over http, and a local shop must not be pinned to https)', () => {
    expect(securityHeaders({ nonce, https: true })['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(securityHeaders({ nonce, https: false })).not.toHaveProperty('Strict-Transport-Security');
  });
});

describe('servedOverHttps', () => {
  it('believes the TLS proxy’s X-Forwarded-Proto (its first entry) or an https SITE_URL', () => {
    expect(servedOverHttps('https', undefined)).toBe(true);
    expect(servedOverHttps('https, http', 'http://localhost:3000')).toBe(true);
    expect(servedOverHttps(null, 'https://gifts.example')).toBe(true);
    expect(servedOverHttps('http', 'http://localhost:3000')).toBe(false);
    expect(servedOverHttps(undefined, undefined)).toBe(false);
  });
});

describe('newNonce', () => {
  it('is 16 random bytes in base64, new every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const value of nonces) expect(atob(value)).toHaveLength(16);
  });
});

describe('httpsOriginOf', () => {
  it('gives the origin of an https URL only', () => {
    expect(httpsOriginOf('https://cdn.example/logo.png')).toBe('https://cdn.example');
    expect(httpsOriginOf('/api/media/logo.png')).toBeUndefined();
    expect(httpsOriginOf('http://cdn.example/logo.png')).toBeUndefined();
    expect(httpsOriginOf(null)).toBeUndefined();
  });
});

describe('the payment step (decision 062)', () => {
  it('is /checkout and the pages under it, nothing else', () => {
    expect(isPaymentPage('/checkout')).toBe(true);
    expect(isPaymentPage('/checkout/pay/3f1c2a9e-0000-4000-8000-000000000000')).toBe(true);
    for (const path of ['/', '/checkouts', '/order', '/my-account/orders/1', '/admin', '/cart']) expect(isPaymentPage(path)).toBe(false);
  });

  it('allows Razorpay Checkout’s script, frame, connect and image origins there, and only there', () => {
    const policy = directives(contentSecurityPolicy({ nonce, https: false, payments: true }));
    expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", 'https://checkout.razorpay.com', 'https://cdn.razorpay.com']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com']);
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com']),
    );
    expect(policy.get('img-src')).toContain('https://cdn.razorpay.com');
    // Still no inline script, still never framed.
    expect(policy.get('script-src')?.join(' ')).not.toMatch(/unsafe/);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(contentSecurityPolicy({ nonce, https: false })).not.toMatch(/razorpay/);
    expect(contentSecurityPolicy({ nonce, https: false, payments: false, thirdParties: { analytics: true, chat: true } })).not.toMatch(/razorpay/);
  });

  it('lets Checkout’s popups (UPI, 3-D Secure) keep their opener on the payment step only', () => {
    expect(securityHeaders({ nonce, https: false, payments: true })['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    expect(securityHeaders({ nonce, https: false })['Cross-Origin-Opener-Policy']).toBe('same-origin');
  });
});

describe('pages opened from a mailed link with a secret (decision 145)', () => {
  it('are the email link, email confirmation and password reset pages', () => {
    for (const path of ['/signin/email-link', '/signin/confirm-email', '/reset-password', '/signin/email-link/', '/order/confirm-cod'])
      expect(isSecretLinkPage(path)).toBe(true);
    for (const path of ['/', '/signin', '/signup', '/signin/email-links', '/forget-password', '/checkout', '/order/confirm', '/order'])
      expect(isSecretLinkPage(path)).toBe(false);
  });
});
