import { describe, expect, it } from 'vitest';
import { defaultLocale, localeCookie, locales } from '../src/lib/locale/config';
import {
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_COOKIE,
  LOCALE_HEADER,
  cookieLocale,
  localeCookieToSet,
  localizedPath,
  splitLocalePrefix,
  withoutLocalePrefix,
  stripInternalLocaleHeader,
} from './locale-url.mjs';

describe('locale prefixes', () => {
  it('keeps the locales and cookie of src/lib/locale/config.ts', () => {
    expect(LOCALES).toEqual([...locales]);
    expect(DEFAULT_LOCALE).toBe(defaultLocale);
    expect(LOCALE_COOKIE).toBe(localeCookie);
  });

  it('splits /hi and /ar off a request target, query kept', () => {
    expect(splitLocalePrefix('/hi/product/rose-lamp')).toEqual({ locale: 'hi', url: '/product/rose-lamp' });
    expect(splitLocalePrefix('/ar/category/lamps?sort=price&page=2')).toEqual({ locale: 'ar', url: '/category/lamps?sort=price&page=2' });
    expect(splitLocalePrefix('/hi')).toEqual({ locale: 'hi', url: '/' });
    expect(splitLocalePrefix('/hi/')).toEqual({ locale: 'hi', url: '/' });
    expect(splitLocalePrefix('/ar?utm_source=x')).toEqual({ locale: 'ar', url: '/?utm_source=x' });
    expect(splitLocalePrefix('/hi/checkout')).toEqual({ locale: 'hi', url: '/checkout' });
  });

  it('leaves en, look-alike paths and odd targets alone', () => {
    for (const target of ['/', '/product/x', '/en/product/x', '/history', '/hindi', '/arabic/x', '/api/products', '/hi//evil.example/x', 'hi/x', '', undefined])
      expect(splitLocalePrefix(target), String(target)).toBeNull();
  });

  it('gives client code the app route of a prefixed path', () => {
    expect(withoutLocalePrefix('/hi/my-account/orders')).toBe('/my-account/orders');
    expect(withoutLocalePrefix('/ar')).toBe('/');
    expect(withoutLocalePrefix('/admin')).toBe('/admin');
  });

  it('builds the URL of a page in each locale, from an unprefixed or a prefixed path', () => {
    expect(localizedPath('/product/x?variant=a', 'hi')).toBe('/hi/product/x?variant=a');
    expect(localizedPath('/', 'ar')).toBe('/ar');
    expect(localizedPath('/?q=1', 'ar')).toBe('/ar?q=1');
    expect(localizedPath('/', 'en')).toBe('/');
    expect(localizedPath('/hi/faq', 'en')).toBe('/faq');
    expect(localizedPath('/hi/faq', 'ar')).toBe('/ar/faq');
    expect(localizedPath('/ar', 'en')).toBe('/');
    expect(localizedPath('/faq', 'fr')).toBe('/faq');
  });
});

describe('the internal locale header', () => {
  it('is removed from a visitor request, as Node headers and as fetch Headers', () => {
    const node = { host: 'shop', [LOCALE_HEADER]: 'ar' };
    stripInternalLocaleHeader(node);
    expect(node).toEqual({ host: 'shop' });
    const fetchHeaders = new Headers({ [LOCALE_HEADER]: 'ar', cookie: 'NEXT_LOCALE=hi' });
    stripInternalLocaleHeader(fetchHeaders);
    expect(fetchHeaders.has(LOCALE_HEADER)).toBe(false);
    expect(fetchHeaders.get('cookie')).toBe('NEXT_LOCALE=hi');
  });
});

describe('the locale cookie of a prefixed URL', () => {
  it('reads only a supported NEXT_LOCALE', () => {
    expect(cookieLocale('a=1; NEXT_LOCALE=ar')).toBe('ar');
    expect(cookieLocale('NEXT_LOCALE=fr')).toBeUndefined();
    expect(cookieLocale('NEXT_LOCALE=%E0%A4')).toBeUndefined();
    expect(cookieLocale(undefined)).toBeUndefined();
  });

  it('is set only when the visitor has another (or none), for a year, readable by the switcher', () => {
    expect(localeCookieToSet('hi', 'NEXT_LOCALE=hi')).toBeNull();
    expect(localeCookieToSet('hi', undefined)).toBe('NEXT_LOCALE=hi; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(localeCookieToSet('ar', 'NEXT_LOCALE=hi; x=1')).toMatch(/^NEXT_LOCALE=ar;/);
  });
});
