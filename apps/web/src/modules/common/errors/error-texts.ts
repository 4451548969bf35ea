import en from '@/i18n/messages/en/errors.json';
import hi from '@/i18n/messages/hi/errors.json';
import ar from '@/i18n/messages/ar/errors.json';
import type { Locale } from '@lib/locale/config';

/**
 * The render-failure texts of every locale (three short strings each), bundled with the error boundaries so they
 * show without next-intl in the browser and without a request while the page is failing.
 */
export const errorTexts: Record<Locale, { message: string; retry: string; home: string }> = { en, hi, ar };
