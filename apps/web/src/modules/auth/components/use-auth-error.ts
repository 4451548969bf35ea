'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { AuthFailure } from '@lib/api/auth';
import { authErrorMessage } from '../lib/auth-errors';

/** Turns a failed call or a form rule's key into text in the visitor's language. */
export function useAuthErrorText() {
  const t = useTranslations('auth.errors');
  const fromFailure = useCallback(
    (failure: AuthFailure) => {
      const message = authErrorMessage(failure);
      return 'key' in message ? t(message.key as never) : message.text;
    },
    [t],
  );
  const fromKey = useCallback((key: string | undefined) => (key ? t(key as never) : undefined), [t]);
  return { fromFailure, fromKey };
}
