import type { Locale } from '@lib/locale/config';

const formats = new Map<string, Intl.DateTimeFormat>();

/** Order times in the shop's time zone (India), in the visitor's language: "23 Nov 2026, 11:40 am". */
export function formatOrderTime(iso: string, locale: Locale): string {
  const tag = `${locale}-IN`;
  let format = formats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
    formats.set(tag, format);
  }
  return format.format(new Date(iso));
}

/** The date alone, for lists: "23 Nov 2026". */
export function formatOrderDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(`${locale}-IN`, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
}
