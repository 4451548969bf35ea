'use client';

import { useEffect, useState } from 'react';
import { type CartDeliveryEstimate, fetchCartDeliveryEstimate } from '@lib/api/delivery-browser';

const PINCODE = /^[1-9]\d{5}$/;
/** An answer is reused for a few minutes (reopening the drawer, going to checkout): dates move only at the cut-off. */
const FRESH_MS = 5 * 60 * 1000;
const answers = new Map<string, { estimate: CartDeliveryEstimate; at: number }>();

function fresh(key: string): CartDeliveryEstimate | null {
  const hit = answers.get(key);
  return hit && Date.now() - hit.at < FRESH_MS ? hit.estimate : null;
}

/**
 * The cart's delivery promise for a pincode (issue 22): one small POST for all lines, asked in the browser only (the
 * pincode is the shopper's: it never goes into shared HTML). Null while there is no six-digit pincode, while asking,
 * or when the API refused (an unknown pincode, a product gone from the shop): the cart then just shows no dates.
 * `estimate.lines[i]` is `productIds[i]`'s promise.
 */
export function useCartDelivery(pincode: string, productIds: readonly string[]): CartDeliveryEstimate | null {
  const key = PINCODE.test(pincode) && productIds.length > 0 ? `${pincode}|${productIds.join(',')}` : '';
  const [answer, setAnswer] = useState<{ key: string; estimate: CartDeliveryEstimate | null }>({ key: '', estimate: null });

  useEffect(() => {
    if (!key || fresh(key)) return;
    let current = true;
    const [code = '', ids = ''] = key.split('|');
    fetchCartDeliveryEstimate(code, ids.split(',')).then(
      (estimate) => {
        if (answers.size > 20) answers.clear();
        answers.set(key, { estimate, at: Date.now() });
        if (current) setAnswer({ key, estimate });
      },
      () => {
        if (current) setAnswer({ key, estimate: null });
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  if (!key) return null;
  return fresh(key) ?? (answer.key === key ? answer.estimate : null);
}
