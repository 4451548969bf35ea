'use client';

import { isCartFullFor, unitsLeftFor } from '@shop/domain/cart/actions';
import type { CartLine } from '@shop/domain/cart/item';
import { MAX_ORDER_LINES, MAX_QUANTITY_PER_LINE } from '@shop/domain/order-limits';
import { useUI } from '@modules/common/ui-store';
import { useCart } from '../lib/cart-store';
import { useCartHydrated } from '../lib/use-cart-hydrated';

export interface AddToCartLabels {
  add: string;
  outOfStock: string;
  /** "All {count} in stock are in your cart", {count} left in for the browser to fill. */
  allInCart: string;
  /** "One order takes at most {count} of an item…" (issue 19), {count} left in for the browser to fill. */
  lineFull: string;
  /** "Your cart holds {count} different items…" (issue 19), {count} left in for the browser to fill. */
  cartFull: string;
}

interface AddToCartButtonProps {
  /** The line as chosen (product, or product and variant); null while no variant is chosen. */
  line: CartLine | null;
  quantity: number;
  labels: AddToCartLabels;
  className?: string;
}

/**
 * Adds the chosen line with its quantity and opens the drawer (issue 4). An out-of-stock choice cannot be added,
 * and neither can more units than the stock or than one order line takes (issue 19), nor a line more than an order
 * takes: what the cart already holds counts. The server checks again when the order is placed.
 */
export function AddToCartButton({ line, quantity, labels, className = '' }: AddToCartButtonProps) {
  const items = useCart((s) => s.items);
  const addItemWithQuantity = useCart((s) => s.addItemWithQuantity);
  const openCart = useUI((s) => s.openCart);
  const ready = useCartHydrated();
  const stock = line?.stock ?? 0;
  const inCart = line ? (items.find((item) => item.id === line.id)?.quantity ?? 0) : 0;
  const full = line ? isCartFullFor({ items }, line.id) : false;
  const left = line && !full ? unitsLeftFor({ items }, line) : 0;
  const unavailable = !line || left <= 0;
  let note: string | null = null;
  if (line && stock > 0 && left <= 0) {
    if (full) note = labels.cartFull.replace('{count}', String(MAX_ORDER_LINES));
    else if (inCart >= MAX_QUANTITY_PER_LINE && stock > inCart) note = labels.lineFull.replace('{count}', String(MAX_QUANTITY_PER_LINE));
    else note = labels.allInCart.replace('{count}', String(stock));
  }
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        // Until the stored cart is read the button looks ready but does not take clicks yet (a moment after load).
        disabled={unavailable || !ready}
        onClick={() => {
          if (!line || left <= 0) return;
          addItemWithQuantity(line, Math.min(quantity, left));
          openCart();
        }}
        className={`inline-flex h-11 items-center justify-center rounded-full px-8 font-semibold ${
          unavailable ? 'cursor-not-allowed bg-line text-muted' : 'bg-brand text-white hover:bg-brand-strong'
        } ${className}`}
      >
        {stock <= 0 ? labels.outOfStock : labels.add}
      </button>
      {note ? (
        <p role="status" className="text-xs text-muted">
          {note}
        </p>
      ) : null}
    </div>
  );
}
