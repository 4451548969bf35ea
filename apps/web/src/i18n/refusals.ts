import type { Locale } from '@lib/locale/config';

/** The areas of packages/domain/src/refusals, each a file of messages per locale (messages/<locale>/refusals/). */
export const refusalAreas = [
  'general',
  'orders',
  'customisation',
  'account',
  'engagement',
  'catalogue',
  'admin',
  'payments',
  'refunds',
  'cod',
  'invoices',
  'messages',
  'search',
  'delivery',
  'shipping',
  'wishlist',
  'gifting',
] as const;
export type RefusalArea = (typeof refusalAreas)[number];

/**
 * The `refusals` namespace: one message per refusal code, flat (decision 037). A client leaf that shows refusals gets
 * only the areas it can meet (general plus its own), so its page does not ship every area's texts.
 */
export async function loadRefusalMessages(locale: Locale, areas: readonly RefusalArea[] = refusalAreas): Promise<Record<string, string>> {
  const files = await Promise.all(areas.map((area) => import(`./messages/${locale}/refusals/${area}.json`) as Promise<{ default: Record<string, string> }>));
  const messages: Record<string, string> = {};
  for (const file of files) Object.assign(messages, file.default);
  return messages;
}
