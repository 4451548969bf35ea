'use client';

import { refusalLoaders } from '@modules/auth/lib/refusal-messages';
import { lazyNamespaceMessages } from '@modules/common/i18n/lazy-namespace-messages';

/**
 * The `customisation` messages for COSTOMIZATION_VIEW, with the refusals it can meet (the general ones and the
 * customisation area's; decision 037), loaded with the view on first open in the visitor's locale (decision 018) and
 * kept, so reopening renders at once.
 */
export const CustomisationMessages = lazyNamespaceMessages(
  'customisation',
  {
    en: () => import('@/i18n/messages/en/customisation.json'),
    hi: () => import('@/i18n/messages/hi/customisation.json'),
    ar: () => import('@/i18n/messages/ar/customisation.json'),
  },
  'min-h-64 p-8',
  refusalLoaders(['general', 'customisation']),
);
