import { cookies, headers } from 'next/headers';
import type { AbstractIntlMessages } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { localeCookie, resolveLocale, type Locale } from '@lib/locale/config';
import { LOCALE_HEADER } from '../../server/locale-url.mjs';
import { loadRefusalMessages } from './refusals';

/** A message catalogue as its dynamic import gives it (the JSON is the default export). */
type MessageFile = Promise<{ default: AbstractIntlMessages }>;

/**
 * Messages per namespace: `shell`, `catalogue` and `errors` are used across the app (and sent to
 * client components); `pages` holds the long texts of the information pages and stays on the
 * server. `errors` is its own small file so global-error.tsx can bundle it without the rest.
 * `auth` and `account` are the sign-in and account screens; their pages hand them to their own
 * client leaves, and the sign-in modal loads `auth` when first opened. `checkout` and `orders` are the checkout and
 * order pages' (checkout hands its own to its form; the order pages render on the server). `cart` is translated on the
 * server for the cart's client leaves; the cart drawer reads its own texts when first opened.
 */
async function loadMessages(locale: Locale) {
  const [shell, catalogue, errors, pages, auth, account, cart, checkout, orders] = await Promise.all([
    import(`./messages/${locale}/shell.json`) as MessageFile,
    import(`./messages/${locale}/catalogue.json`) as MessageFile,
    import(`./messages/${locale}/errors.json`) as MessageFile,
    import(`./messages/${locale}/pages.json`) as MessageFile,
    import(`./messages/${locale}/auth.json`) as MessageFile,
    import(`./messages/${locale}/account.json`) as MessageFile,
    import(`./messages/${locale}/cart.json`) as MessageFile,
    import(`./messages/${locale}/checkout.json`) as MessageFile,
    import(`./messages/${locale}/orders.json`) as MessageFile,
  ]);
  return {
    shell: shell.default,
    catalogue: catalogue.default,
    errors: errors.default,
    pages: pages.default,
    auth: auth.default,
    account: account.default,
    cart: cart.default,
    checkout: checkout.default,
    orders: orders.default,
    // Issue 6: contact/complaint, newsletter, shop feedback and product reviews (their pages and modal views).
    contact: (await (import(`./messages/${locale}/contact.json`) as MessageFile)).default,
    newsletter: (await (import(`./messages/${locale}/newsletter.json`) as MessageFile)).default,
    feedback: (await (import(`./messages/${locale}/feedback.json`) as MessageFile)).default,
    reviews: (await (import(`./messages/${locale}/reviews.json`) as MessageFile)).default,
    // Decision 037: the API's refusal codes in the shopper's language (lib/api/refusal-text.ts).
    refusals: await loadRefusalMessages(locale),
  };
}

/** What `getMessages()` gives a server component: the catalogues loadMessages loads (next-intl types it as `any`). */
export type RequestMessages = Awaited<ReturnType<typeof loadMessages>>;

/**
 * The locale: a prefixed URL's (`/hi/…`, `/ar/…`), which src/proxy.ts passes in LOCALE_HEADER (removed from every
 * visitor's request, so only the prefix sets it); else the NEXT_LOCALE cookie; en when both are absent or unknown
 * (decision 113).
 */
export default getRequestConfig(async () => {
  const [requestHeaders, store] = await Promise.all([headers(), cookies()]);
  const locale = resolveLocale(requestHeaders.get(LOCALE_HEADER) ?? store.get(localeCookie)?.value);
  return { locale, messages: await loadMessages(locale), timeZone: 'Asia/Kolkata' };
});
