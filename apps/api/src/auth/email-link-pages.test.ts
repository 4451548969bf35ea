import { describe, expect, it } from 'vitest';
import { emailLinkPageFor, emailLinkPageUrl, sameSitePath } from './email-link-pages.ts';

const SITE = 'https://shop.example';

describe('sameSitePath', () => {
  it('keeps a path on the shop, from a path or an absolute URL on its origin', () => {
    expect(sameSitePath('/checkout?step=2#pay', SITE)).toBe('/checkout?step=2#pay');
    expect(sameSitePath('https://shop.example/my-account', SITE)).toBe('/my-account');
    expect(sameSitePath('my-account', SITE)).toBe('/my-account');
  });

  it('turns anything on another origin, or nothing, into the home page', () => {
    for (const callback of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'http://shop.example/',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ]) {
      expect(sameSitePath(callback, SITE), String(callback)).toBe('/');
    }
  });
});

describe('the confirm page of a mailed link', () => {
  it('carries the token in the fragment only, and `next` unless it is home', () => {
    expect(emailLinkPageUrl(SITE, 'magic-link', 'AbC', '/my-account')).toBe('https://shop.example/signin/email-link?next=%2Fmy-account#token=AbC');
    expect(emailLinkPageUrl(SITE, 'verify-email', 'e.y.j', '/')).toBe('https://shop.example/signin/confirm-email#token=e.y.j');
  });

  it("reads the callback of better-auth's own link", () => {
    const betterAuth = 'https://shop.example/api/auth/verify-email?token=e.y.j&callbackURL=%2Fmy-account%2Faccount-details';
    expect(emailLinkPageFor(SITE, 'verify-email', betterAuth, 'e.y.j')).toBe(
      'https://shop.example/signin/confirm-email?next=%2Fmy-account%2Faccount-details#token=e.y.j',
    );
    expect(emailLinkPageFor(SITE, 'magic-link', 'not a url', 'AbC')).toBe('https://shop.example/signin/email-link#token=AbC');
  });
});
