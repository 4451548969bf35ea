import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { localeCookie, resolveLocale, type Locale } from '@lib/locale/config';
import { loadRefusalMessages } from './refusals';

export { locales, defaultLocale, directionOf, type Locale } from '@lib/locale/config';

/**
 * Messages per namespace: `shell`, `catalogue` and `errors` are used across the app (and sent to
 * client components); `pages` holds the long texts of the information pages and stays on the
 * server. `errors` is its own small file so global-error.tsx can bundle it without the rest.
 * `auth` and `account` are the sign-in and account screens; their pages hand them to their own
 * client leaves, and the sign-in modal loads `auth` when first opened. `checkout` and `orders` are the checkout and
 * order pages' (checkout hands its own to its form; the order pages render on the server). `cart` is translated on the
 * server for the cart's client leaves; the cart drawer reads its own texts when first opened.
 */
export async function loadMessages(locale: Locale) {
  const [shell, catalogue, errors, pages, auth, account, cart, checkout, orders] = await Promise.all([
    import(`./messages/${locale}/shell.json`),
    import(`./messages/${locale}/catalogue.json`),
    import(`./messages/${locale}/errors.json`),
    import(`./messages/${locale}/pages.json`),
    import(`./messages/${locale}/auth.json`),
    import(`./messages/${locale}/account.json`),
    import(`./messages/${locale}/cart.json`),
    import(`./messages/${locale}/checkout.json`),
    import(`./messages/${locale}/orders.json`),
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
    contact: (await import(`./messages/${locale}/contact.json`)).default,
    newsletter: (await import(`./messages/${locale}/newsletter.json`)).default,
    feedback: (await import(`./messages/${locale}/feedback.json`)).default,
    reviews: (await import(`./messages/${locale}/reviews.json`)).default,
    // Decision 037: the API's refusal codes in the shopper's language (lib/api/refusal-text.ts).
    refusals: await loadRefusalMessages(locale),
  };
}

/** The locale comes from the NEXT_LOCALE cookie (no locale routing); en when absent or unknown. */
export default getRequestConfig(async () => {
  const store = await cookies();
  const locale = resolveLocale(store.get(localeCookie)?.value);
  return { locale, messages: await loadMessages(locale), timeZone: 'Asia/Kolkata' };
});
