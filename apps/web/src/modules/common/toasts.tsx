'use client';

import { useLocale } from 'next-intl';
import { Bounce, ToastContainer } from 'react-toastify';
import { directionOf } from '@lib/locale/config';

/** Spec §9: notifications auto-close after 5000 ms, top-right, draggable. */
export const toastOptions = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
} as const;

export function Toasts() {
  const locale = useLocale();
  return <ToastContainer {...toastOptions} transition={Bounce} rtl={directionOf(locale) === 'rtl'} />;
}
