import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { ModalView } from '../ui-state';

/**
 * The views the modal host can show, by name. Each is loaded only when first opened. Later
 * issues register NEWSLETTER_VIEW, COSTOMIZATION_VIEW and COMPLAIN_VIEW here; the host never
 * opens a name missing from this map.
 */
export const modalRegistry: Partial<Record<ModalView, ComponentType>> = {
  PRODUCT_VIEW: dynamic(() => import('./views/product-view'), { ssr: false }),
  OTP_LOGIN_VIEW: dynamic(() => import('./views/otp-login-view'), { ssr: false }),
  LOGIN_VIEW: dynamic(() => import('./views/login-view'), { ssr: false }),
  SIGN_UP_VIEW: dynamic(() => import('./views/sign-up-view'), { ssr: false }),
  FORGET_PASSWORD: dynamic(() => import('./views/forget-password-view'), { ssr: false }),
  NEWSLETTER_VIEW: dynamic(() => import('./views/newsletter-view'), { ssr: false }),
  COMPLAIN_VIEW: dynamic(() => import('./views/complain-view'), { ssr: false }),
  COSTOMIZATION_VIEW: dynamic(() => import('@modules/customisation/customisation-view'), { ssr: false }),
};

export function isRegisteredView(view: ModalView): boolean {
  return view in modalRegistry;
}
