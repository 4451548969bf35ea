'use client';

import { engagementRefusalMessages } from '@modules/auth/lib/refusal-messages';
import { lazyNamespaceMessages } from '@modules/common/i18n/lazy-namespace-messages';

/** The `contact` messages (and the refusal texts it shows) for COMPLAIN_VIEW, loaded with the view on first open. */
export const ContactMessages = lazyNamespaceMessages(
  'contact',
  {
    en: () => import('@/i18n/messages/en/contact.json'),
    hi: () => import('@/i18n/messages/hi/contact.json'),
    ar: () => import('@/i18n/messages/ar/contact.json'),
  },
  'min-h-64 p-8',
  engagementRefusalMessages,
);
