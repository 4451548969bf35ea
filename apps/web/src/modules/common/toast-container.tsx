'use client';

import { useLocale } from 'next-intl';
import { Bounce, ToastContainer } from 'react-toastify';
import { directionOf } from '@lib/locale/config';
import { toastOptions } from './toast-options';

/** The react-toastify container with the spec's options; text direction follows the locale. */
export default function ShopToastContainer() {
  const locale = useLocale();
  return <ToastContainer {...toastOptions} transition={Bounce} rtl={directionOf(locale) === 'rtl'} />;
}
