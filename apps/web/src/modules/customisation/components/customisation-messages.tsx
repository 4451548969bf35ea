'use client';

import { lazyNamespaceMessages } from '@modules/common/i18n/lazy-namespace-messages';

/** The `customisation` messages for COSTOMIZATION_VIEW, loaded with the view on first open (decision 018). */
export const CustomisationMessages = lazyNamespaceMessages(
  'customisation',
  {
    en: () => import('@/i18n/messages/en/customisation.json'),
    hi: () => import('@/i18n/messages/hi/customisation.json'),
    ar: () => import('@/i18n/messages/ar/customisation.json'),
  },
  'min-h-64 p-8',
);
