'use client';

import { engagementRefusalMessages } from '@modules/auth/lib/refusal-messages';
import { lazyNamespaceMessages } from '@modules/common/i18n/lazy-namespace-messages';

/** The `newsletter` messages (and the refusal texts it shows) for NEWSLETTER_VIEW, loaded with the view on first open. */
export const NewsletterMessages = lazyNamespaceMessages(
  'newsletter',
  {
    en: () => import('@/i18n/messages/en/newsletter.json'),
    hi: () => import('@/i18n/messages/hi/newsletter.json'),
    ar: () => import('@/i18n/messages/ar/newsletter.json'),
  },
  'min-h-48 p-8',
  engagementRefusalMessages,
);
