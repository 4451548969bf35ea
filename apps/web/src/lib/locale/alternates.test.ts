import { describe, expect, it } from 'vitest';
import { localeAlternates } from './alternates';

describe('hreflang alternates', () => {
  it('names en unprefixed, hi and ar prefixed and x-default as en, absolute', () => {
    expect(localeAlternates('/product/rose-lamp', 'en', 'https://shop.example')).toEqual({
      canonical: 'https://shop.example/product/rose-lamp',
      languages: {
        en: 'https://shop.example/product/rose-lamp',
        hi: 'https://shop.example/hi/product/rose-lamp',
        ar: 'https://shop.example/ar/product/rose-lamp',
        'x-default': 'https://shop.example/product/rose-lamp',
      },
    });
  });

  it('makes the canonical the URL of the locale the page is rendered in, home included', () => {
    expect(localeAlternates('/', 'ar', 'https://shop.example')).toEqual({
      canonical: 'https://shop.example/ar',
      languages: { en: 'https://shop.example', hi: 'https://shop.example/hi', ar: 'https://shop.example/ar', 'x-default': 'https://shop.example' },
    });
    expect(localeAlternates('/faq', 'hi', 'https://shop.example').canonical).toBe('https://shop.example/hi/faq');
  });
});
