'use client';

import { Bounce, ToastContainer } from 'react-toastify';
import { directionOf } from '@lib/locale/config';
import { useShopLocale } from './locale-context';
import { toastOptions } from './toast-options';

/** The react-toastify container with the spec's options; text direction follows the locale. */
export default function ShopToastContainer() {
  const locale = useShopLocale();
  return <ToastContainer {...toastOptions} transition={Bounce} rtl={directionOf(locale) === 'rtl'} />;
}
