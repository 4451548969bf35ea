import ar from '@/i18n/messages/ar/cart.json';
import en from '@/i18n/messages/en/cart.json';
import hi from '@/i18n/messages/hi/cart.json';

/**
 * The drawer's texts for the browser. They are few and hold only plain `{name}`-style placeholders (the one plural,
 * the cart button's label, is prepared on the server), so the lazily loaded drawer fills them itself instead of
 * bringing next-intl's client formatter along; messages.test.ts checks the result equals next-intl's.
 */
export type DrawerMessages = typeof en.drawer;

const drawers: Record<string, DrawerMessages> = { en: en.drawer, hi: hi.drawer, ar: ar.drawer };

export function drawerMessages(locale: string): DrawerMessages {
  return drawers[locale.split('-')[0] ?? ''] ?? drawers.en!;
}

/** Puts each `{key}` value into a message. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
