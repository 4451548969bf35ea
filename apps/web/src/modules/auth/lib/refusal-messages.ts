import type { ExtraMessageLoaders } from '@modules/common/i18n/lazy-namespace-messages';

/**
 * The `refusals` texts (decision 037) for the parts that load on demand: the sign-in views need the general and
 * account codes; the contact, newsletter, feedback and review forms the engagement codes too (their person fields,
 * name_required and email_required, are the account area's). Server-rendered pages pass the same areas with
 * loadRefusalMessages (src/i18n/refusals.ts).
 */
export const accountRefusalAreas = ['general', 'account'] as const;
export const engagementRefusalAreas = ['general', 'account', 'engagement'] as const;

export const accountRefusalMessages: ExtraMessageLoaders = {
  en: async () => ({
    refusals: { ...(await import('@/i18n/messages/en/refusals/general.json')).default, ...(await import('@/i18n/messages/en/refusals/account.json')).default },
  }),
  hi: async () => ({
    refusals: { ...(await import('@/i18n/messages/hi/refusals/general.json')).default, ...(await import('@/i18n/messages/hi/refusals/account.json')).default },
  }),
  ar: async () => ({
    refusals: { ...(await import('@/i18n/messages/ar/refusals/general.json')).default, ...(await import('@/i18n/messages/ar/refusals/account.json')).default },
  }),
};

export const engagementRefusalMessages: ExtraMessageLoaders = {
  en: async () => ({
    refusals: {
      ...(await import('@/i18n/messages/en/refusals/general.json')).default,
      ...(await import('@/i18n/messages/en/refusals/account.json')).default,
      ...(await import('@/i18n/messages/en/refusals/engagement.json')).default,
    },
  }),
  hi: async () => ({
    refusals: {
      ...(await import('@/i18n/messages/hi/refusals/general.json')).default,
      ...(await import('@/i18n/messages/hi/refusals/account.json')).default,
      ...(await import('@/i18n/messages/hi/refusals/engagement.json')).default,
    },
  }),
  ar: async () => ({
    refusals: {
      ...(await import('@/i18n/messages/ar/refusals/general.json')).default,
      ...(await import('@/i18n/messages/ar/refusals/account.json')).default,
      ...(await import('@/i18n/messages/ar/refusals/engagement.json')).default,
    },
  }),
};
