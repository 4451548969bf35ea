'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { issueRefusal } from '@shop/domain/field-errors';
import type { CodedText } from '@lib/api/refusal';
import { refusalText, type RefusalTranslator } from '@lib/api/refusal-text';

/** A form field's error as react-hook-form holds it. */
interface FieldErrorLike {
  type?: string;
  message?: string;
}

/** The `type` of a field error set from an API refusal: its message is already in the visitor's language. */
export const REFUSAL_ERROR = 'refusal';

/**
 * Refusals in the visitor's language (decision 037), for client forms inside a provider of the `refusals` namespace:
 * `text(refusal)` for an API refusal, `field(error)` for a form field's error, which a domain schema gave as a code
 * (zod's issue message) or `setServerErrors` set from the API's per-field refusals.
 */
export function useRefusalText() {
  const t = useTranslations('refusals') as unknown as RefusalTranslator;
  const locale = useLocale();
  return useMemo(() => {
    const text = (refusal: CodedText & { errors?: Record<string, CodedText> }) => refusalText(refusal, t, locale);
    const field = (error: FieldErrorLike | undefined): string | undefined => {
      if (!error?.message) return undefined;
      return error.type === REFUSAL_ERROR ? error.message : text(issueRefusal(error.message));
    };
    return { text, field };
  }, [t, locale]);
}
