import 'server-only';
import { createTranslator } from 'next-intl';

/**
 * The back office is in English whatever language the storefront is set to (decision 028): its texts live in
 * message catalogues like the shop's, one file per area (`admin.json` for the frame, `admin-<area>.json` for each
 * area's pages), so another language is a matter of adding files, but only the English ones exist today.
 */
type AdminArea =
  'admin' | 'admin-delivery' | 'admin-products' | 'admin-catalogue' | 'admin-orders' | 'admin-inbox' | 'admin-payments' | 'admin-messages' | 'admin-shipping';

/** next-intl's `t` over one area's catalogue (keys are checked by the area's tests, not by the shop's message types). */
export type AdminTranslate = (key: string, values?: Record<string, string | number | Date>) => string;

export async function adminTexts(area: AdminArea = 'admin'): Promise<AdminTranslate> {
  const messages = (await (import(`@/i18n/messages/en/${area}.json`) as Promise<{ default: Record<string, unknown> }>)).default;
  return createTranslator({ locale: 'en', messages: messages as never }) as unknown as AdminTranslate;
}

/** What a client component of the back office gets as its texts: the plain catalogue of its area. */
export async function adminMessages(area: AdminArea): Promise<Record<string, unknown>> {
  return (await (import(`@/i18n/messages/en/${area}.json`) as Promise<{ default: Record<string, unknown> }>)).default;
}
