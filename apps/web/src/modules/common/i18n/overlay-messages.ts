import type { AbstractIntlMessages } from 'next-intl';
import { resolveLocale, type Locale } from '@lib/locale/config';

/**
 * The messages the shell's overlays (mobile menu, cart drawer, modal host) translate with, fetched the first time one
 * opens rather than sent with every page. Namespaces here must cover every `useTranslations` call inside an overlay;
 * add a namespace when an overlay starts using one. No next-intl code at run time (type import only), so the always-
 * loaded LazyOverlays can start the download without loading next-intl (decision 018).
 */
const loaders: Record<Locale, () => Promise<AbstractIntlMessages>> = {
  en: async () => ({
    shell: (await import('@/i18n/messages/en/shell.json')).default,
    catalogue: (await import('@/i18n/messages/en/catalogue.json')).default,
  }),
  hi: async () => ({
    shell: (await import('@/i18n/messages/hi/shell.json')).default,
    catalogue: (await import('@/i18n/messages/hi/catalogue.json')).default,
  }),
  ar: async () => ({
    shell: (await import('@/i18n/messages/ar/shell.json')).default,
    catalogue: (await import('@/i18n/messages/ar/catalogue.json')).default,
  }),
};

const loaded = new Map<Locale, AbstractIntlMessages>();
const pending = new Map<Locale, Promise<AbstractIntlMessages>>();

/** Starts (or joins) the download of a locale's overlay messages; kept once loaded. */
export function loadOverlayMessages(locale: string): Promise<AbstractIntlMessages> {
  const key = resolveLocale(locale);
  const done = loaded.get(key);
  if (done) return Promise.resolve(done);
  let promise = pending.get(key);
  if (!promise) {
    promise = loaders[key]().then((messages) => {
      loaded.set(key, messages);
      pending.delete(key);
      return messages;
    });
    pending.set(key, promise);
  }
  return promise;
}

/** The messages of a locale if already loaded, so a re-render after loading shows them at once. */
export function overlayMessagesOf(locale: string): AbstractIntlMessages | undefined {
  return loaded.get(resolveLocale(locale));
}
