import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { refusalAreas as domainAreas, refusalMessage, refusalParams, type RefusalCode, type RefusalEntry } from '@shop/domain/refusals/index';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { refusalAreas } from '../../i18n/refusals';
import { refusalFrom } from './refusal';
import { refusalText, type RefusalTranslator } from './refusal-text';

const locales = ['en', 'hi', 'ar'] as const;

function messagesOf(locale: string, area: string): Record<string, string> {
  const url = new URL(`../../i18n/messages/${locale}/refusals/${area}.json`, import.meta.url);
  return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Record<string, string>;
}

function translatorFor(locale: string, messages: Record<string, string>): RefusalTranslator {
  return createTranslator({ locale, messages: { refusals: messages }, namespace: 'refusals' });
}

describe('refusal translations (decision 037)', () => {
  it('has the same areas as the domain catalogue', () => {
    expect([...refusalAreas].sort()).toEqual(Object.keys(domainAreas).sort());
  });

  it('declares every code in one area only', () => {
    const seen = new Map<string, string>();
    for (const [area, entries] of Object.entries(domainAreas)) {
      for (const code of Object.keys(entries)) {
        expect(seen.get(code), `${code} is in ${seen.get(code)} and ${area}`).toBeUndefined();
        seen.set(code, area);
      }
    }
  });

  for (const locale of locales) {
    describe(locale, () => {
      for (const [area, entries] of Object.entries(domainAreas)) {
        const messages = messagesOf(locale, area);
        const t = translatorFor(locale, messages);

        it(`${area}: a text for every code and none for a code that does not exist`, () => {
          expect(Object.keys(messages).sort()).toEqual(Object.keys(entries).sort());
        });

        for (const [code, value] of Object.entries(entries)) {
          const entry = value as RefusalEntry;
          it(`${area}.${code} renders with its params`, () => {
            const params = refusalParams(code as RefusalCode, entry.example as never) ?? {};
            const text = refusalText({ code, message: 'untranslated', params }, t, locale);
            expect(text).not.toBe('untranslated');
            expect(text).not.toMatch(/[{}]/);
            // English is the API's own text, word for word (the spec's texts live in the domain catalogue).
            if (locale === 'en') expect(text).toBe(refusalMessage(code as never, params as never));
            for (const [name, param] of Object.entries(params)) {
              if (typeof param === 'string' && messages[code]?.includes(`{${name}`)) expect(text).toContain(param);
            }
          });
        }
      }
    });
  }
});

describe('refusalText', () => {
  const t = translatorFor('hi', { ...messagesOf('hi', 'general') });

  it('translates by code, never by the English text', () => {
    expect(refusalText({ code: 'not_signed_in', message: 'anything at all' }, t, 'hi')).toBe('आगे बढ़ने के लिए साइन इन करें');
  });

  it("shows the API's message for a code it does not know", () => {
    expect(refusalText({ code: 'some_new_rule', message: 'A new rule said no' }, t, 'hi')).toBe('A new rule said no');
  });

  it('reads a validation failure as its first field', () => {
    const refusal = refusalFrom(400, { code: 'validation_failed', message: 'Invalid x: y', errors: { x: { code: 'forbidden', message: 'y' } } });
    expect(refusalText(refusal, t, 'hi')).toBe('आपको इसकी अनुमति नहीं है');
  });
});

describe('refusalFrom', () => {
  it('keeps only well-formed parts and falls back on the status', () => {
    expect(refusalFrom(429, null, 'Too Many Requests')).toEqual({ status: 429, code: 'rate_limited', message: 'Too Many Requests' });
    expect(refusalFrom(400, { code: 7, message: ['x'], params: { a: 1, b: { c: 1 } }, errors: { f: 'old text' } })).toEqual({
      status: 400,
      code: 'bad_request',
      message: 'Request failed (400)',
      params: { a: 1 },
      errors: { f: { code: 'invalid_value', message: 'old text' } },
    });
  });
});
