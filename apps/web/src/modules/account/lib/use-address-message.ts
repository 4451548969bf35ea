'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { addressMessageKey } from './address-messages';

/** A domain (or API) address message in the visitor's language; unknown messages pass through. */
export function useAddressMessage() {
  const t = useTranslations('account.addressErrors');
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = addressMessageKey(message);
      return key ? t(key as never) : message;
    },
    [t],
  );
}
