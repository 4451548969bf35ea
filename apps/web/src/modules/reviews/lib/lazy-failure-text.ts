import type { Locale } from '@lib/locale/config';
import { BrowserApiError } from '@lib/api/browser-client';
import type { RefusalTranslator } from '@lib/api/refusal-text';

/**
 * A failed call's text for a part that has no next-intl of its own (the always-loaded review leaves, decision 018):
 * the translator and the refusal texts load only when a call fails, then the refusal reads as refusalText makes it
 * (decision 037). A call that got no answer at all shows `fallback`.
 */
export async function lazyFailureText(error: unknown, locale: Locale, fallback: string): Promise<string> {
  if (!(error instanceof BrowserApiError)) return fallback;
  const [{ createTranslator }, { refusalText }, { engagementRefusalMessages }] = await Promise.all([
    import('next-intl'),
    import('@lib/api/refusal-text'),
    import('@modules/auth/lib/refusal-messages'),
  ]);
  const messages = await engagementRefusalMessages[locale]();
  const t = createTranslator({ locale, messages, namespace: 'refusals' }) as unknown as RefusalTranslator;
  return refusalText(error, t, locale);
}
