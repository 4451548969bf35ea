import { formatInr } from '@shop/domain/money';
import type { CodedText, RefusalParamsOf } from './refusal';

/**
 * The one table from a refusal code to the shopper's language (decision 037): the `refusals` namespace holds one
 * message per code (src/i18n/messages/<locale>/refusals/<area>.json, ICU, with the code's params). No English text is
 * ever matched. A code this storefront does not know yet shows the API's own message.
 */
export interface RefusalTranslator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** Params named here are money in paise: shown in rupees (₹499), as the API's English does. */
const MONEY_PARAMS = new Set(['minimum', 'amount', 'total', 'price', 'fee', 'limit']);

function icuValues(params: RefusalParamsOf | undefined, locale: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) values[key] = new Intl.ListFormat(locale, { type: 'conjunction' }).format(value);
    else if (typeof value === 'number' && MONEY_PARAMS.has(key)) values[key] = formatInr(value);
    else values[key] = value as string | number;
  }
  return values;
}

/**
 * A refusal (or a field's) in the shopper's language. A `validation_failed` names its field in English
 * ("Invalid quantity: …"), so it reads as its first field's own refusal instead.
 */
export function refusalText(refusal: CodedText & { errors?: Record<string, CodedText> }, t: RefusalTranslator, locale: string): string {
  const first = refusal.code === 'validation_failed' ? Object.values(refusal.errors ?? {})[0] : undefined;
  if (first) return refusalText(first, t, locale);
  if (!t.has(refusal.code)) return refusal.message;
  return t(refusal.code, icuValues(refusal.params, locale));
}

/** Every field's refusal in the shopper's language, keyed by field. */
export function fieldTexts(errors: Record<string, CodedText> | undefined, t: RefusalTranslator, locale: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, error]) => [field, refusalText(error, t, locale)]));
}
