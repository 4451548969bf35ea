'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { AuthFailure } from '@lib/api/auth';
import { useRefusalText } from './use-refusal-text';

/**
 * Texts of the sign-in and account forms' failures in the visitor's language: `fromFailure` for a failed call (the
 * API's refusal by its code; "could not reach the shop" when there was no answer at all), `field` for a form field's
 * error (a code from the form's rules).
 */
export function useAuthErrorText() {
  const t = useTranslations('auth.errors');
  const refusals = useRefusalText();
  return useMemo(
    () => ({
      fromFailure: (failure: AuthFailure) => (failure.status === 0 ? t('network') : refusals.text(failure)),
      field: refusals.field,
      text: refusals.text,
    }),
    [t, refusals],
  );
}
