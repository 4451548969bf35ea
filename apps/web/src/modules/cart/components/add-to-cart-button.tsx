'use client';

import type { CartLine } from '@shop/domain/cart/item';
import { useUI } from '@modules/common/ui-store';
import { useCart } from '../lib/cart-store';
import { useCartHydrated } from '../lib/use-cart-hydrated';

export interface AddToCartLabels {
  add: string;
  outOfStock: string;
  /** "All {count} in stock are in your cart", {count} left in for the browser to fill. */
  allInCart: string;
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
 * and neither can more units than the stock: what the cart already holds counts. The server checks stock again
 * when the order is placed.
 */
export function AddToCartButton({ line, quantity, labels, className = '' }: AddToCartButtonProps) {
  const inCart = useCart((s) => (line ? (s.items.find((item) => item.id === line.id)?.quantity ?? 0) : 0));
  const addItemWithQuantity = useCart((s) => s.addItemWithQuantity);
  const openCart = useUI((s) => s.openCart);
  const ready = useCartHydrated();
  const stock = line?.stock ?? 0;
  const left = stock - inCart;
  const unavailable = !line || left <= 0;
  const note = line && stock > 0 && left <= 0 ? labels.allInCart.replace('{count}', String(stock)) : null;
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
