'use client';

import { useRouter } from 'next/navigation';
import { useCart } from '@modules/cart/lib/cart-store';
import { settlePendingPayment } from '../lib/pending-payment';
import { PayOrder, type PayOrderProps } from './pay-order';
// Registers the access-token source, so the calls carry the bearer token on a freshly loaded page.
import '@modules/auth/session/session';

/**
 * Paying an order placed earlier (/checkout/pay/{id}). When it is the order last placed from this browser's cart, the
 * cart was kept for it and is emptied now that it is paid (or paid on delivery); then the order's confirmation.
 */
export function PayExistingOrder(props: Omit<PayOrderProps, 'onDone' | 'autoOpen'>) {
  const router = useRouter();
  return (
    <PayOrder
      {...props}
      onDone={(orderId) => {
        if (settlePendingPayment(orderId)) useCart.getState().resetCart();
        router.push(`/order?id=${encodeURIComponent(orderId)}`);
      }}
    />
  );
}
