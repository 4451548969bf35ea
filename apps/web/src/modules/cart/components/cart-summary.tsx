'use client';

import { formatInr } from '@shop/domain/money';
import { useCart } from '../lib/cart-store';
import { fill, type DrawerMessages } from '../lib/messages';

/** Subtotal, shipping (spec §9: free from the shop's threshold) with how much is left to ship free, and the MRP saving. */
export function CartSummary({ messages: m }: { messages: DrawerMessages }) {
  const total = useCart((s) => s.total);
  const totalMrp = useCart((s) => s.totalMrp);
  const shipping = useCart((s) => s.shipping);
  const freeFrom = useCart((s) => s.shippingRules.freeFrom);
  return (
    <div className="mb-4 flex flex-col gap-1.5 text-sm" data-testid="cart-summary">
      <p className="flex justify-between">
        <span className="text-muted">{m.subtotal}</span>
        <span className="font-semibold tabular-nums" data-testid="cart-subtotal">
          {formatInr(total)}
        </span>
      </p>
      <p className="flex justify-between">
        <span className="text-muted">{m.shipping}</span>
        <span className="font-semibold tabular-nums" data-testid="cart-shipping">
          {shipping === 0 ? m.shippingFree : formatInr(shipping)}
        </span>
      </p>
      <p className="text-xs text-muted" data-testid="cart-shipping-note">
        {shipping === 0 ? m.freeShippingReached : fill(m.freeShippingHint, { amount: formatInr(freeFrom - total) })}
      </p>
      {totalMrp > total ? <p className="text-xs font-semibold text-success">{fill(m.savings, { amount: formatInr(totalMrp - total) })}</p> : null}
    </div>
  );
}
