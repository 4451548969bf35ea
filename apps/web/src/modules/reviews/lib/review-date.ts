/** A review's date as the shop shows dates (medium style, India time), the same on the server and in the browser. */
export function reviewDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-IN' : locale, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
}
