'use client';

import { engagementRefusalMessages } from '@modules/auth/lib/refusal-messages';
import { lazyNamespaceMessages } from '@modules/common/i18n/lazy-namespace-messages';

/** The `reviews` messages (and the refusal texts it shows) for the review form, loaded with it (only for a buyer who may review). */
export const ReviewsMessages = lazyNamespaceMessages(
  'reviews',
  {
    en: () => import('@/i18n/messages/en/reviews.json'),
    hi: () => import('@/i18n/messages/hi/reviews.json'),
    ar: () => import('@/i18n/messages/ar/reviews.json'),
  },
  'min-h-64',
  engagementRefusalMessages,
);
