'use client';

import { lazyNamespaceMessages } from '@modules/common/i18n/lazy-namespace-messages';
import { accountRefusalMessages } from '../lib/refusal-messages';

/**
 * The `auth` messages for the sign-in modal views, with the refusal texts they show, loaded with them on first open;
 * kept, so moving between views renders at once.
 */
export const AuthMessages = lazyNamespaceMessages(
  'auth',
  {
    en: () => import('@/i18n/messages/en/auth.json'),
    hi: () => import('@/i18n/messages/hi/auth.json'),
    ar: () => import('@/i18n/messages/ar/auth.json'),
  },
  'min-h-64 p-8',
  accountRefusalMessages,
);
