'use server';

import { cookies } from 'next/headers';
import { isLocale, localeCookie, localeCookieMaxAge } from '@lib/locale/config';

/** Stores the chosen language in the NEXT_LOCALE cookie for a year; unknown values are ignored. */
export async function setLocale(locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  const store = await cookies();
  store.set(localeCookie, locale, { maxAge: localeCookieMaxAge, sameSite: 'lax', path: '/' });
}
