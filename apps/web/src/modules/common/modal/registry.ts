import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { ModalView } from '../ui-state';

export { modalViews, type ModalView } from '../ui-state';

/**
 * The views the modal host can show, by name. Each is loaded only when first opened. Later
 * issues register LOGIN_VIEW, OTP_LOGIN_VIEW, SIGN_UP_VIEW, FORGET_PASSWORD, NEWSLETTER_VIEW,
 * COSTOMIZATION_VIEW and COMPLAIN_VIEW here; the host never opens a name missing from this map.
 */
export const modalRegistry: Partial<Record<ModalView, ComponentType>> = {
  PRODUCT_VIEW: dynamic(() => import('./views/product-view'), { ssr: false }),
};

export function isRegisteredView(view: ModalView): boolean {
  return view in modalRegistry;
}
