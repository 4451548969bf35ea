import type { ExtraMessageLoaders } from '@modules/common/i18n/lazy-namespace-messages';
import { loadRefusalMessages, type RefusalArea } from '@/i18n/refusals';

/**
 * The `refusals` texts (decision 037) for the parts that load on demand: the sign-in views need the general and
 * account codes; the contact, newsletter, feedback and review forms the engagement codes too (their person fields,
 * name_required and email_required, are the account area's). Server-rendered pages pass the same areas with
 * loadRefusalMessages (src/i18n/refusals.ts).
 */
export const accountRefusalAreas = ['general', 'account'] as const;
export const engagementRefusalAreas = ['general', 'account', 'engagement'] as const;

/** Loaders of the `refusals` namespace for these areas, in each locale, for lazyNamespaceMessages. */
export function refusalLoaders(areas: readonly RefusalArea[]): ExtraMessageLoaders {
  const load = (locale: keyof ExtraMessageLoaders) => async () => ({ refusals: await loadRefusalMessages(locale, areas) });
  return { en: load('en'), hi: load('hi'), ar: load('ar') };
}

export const accountRefusalMessages = refusalLoaders(accountRefusalAreas);
export const engagementRefusalMessages = refusalLoaders(engagementRefusalAreas);
