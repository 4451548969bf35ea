'use client';

import { useState } from 'react';
import { isCartFullFor, unitsLeftFor } from '@shop/domain/cart/actions';
import { cartLineOf } from '@shop/domain/cart/item';
import { fetchCartProducts } from '@lib/api/cart-browser';
import { useUI } from '@modules/common/ui-store';
import { useCart } from '../lib/cart-store';
import { useCartHydrated } from '../lib/use-cart-hydrated';

interface QuickAddButtonProps {
  productId: string;
  /** "Add {name} to cart", translated on the server. */
  label: string;
  /** Shown when the product could not be added (gone, out of stock, offline). */
  failed: string;
  className?: string;
}

/** Shows a toast without loading react-toastify with the page (modules/common/toasts.tsx mounts its container). */
async function toastError(message: string): Promise<void> {
  const { toast } = await import('react-toastify');
  toast.error(message);
}

/**
 * A product card's add-to-cart button, for products without variants. The card sends only the product's id to the
 * browser (dozens of cards a page); the line is made from the shop's current data for it, fetched on click through
 * POST /api/products/cart, so it is as fresh as the start-up refresh makes stored lines.
 */
export function QuickAddButton({ productId, label, failed, className = '' }: QuickAddButtonProps) {
  const [busy, setBusy] = useState(false);
  const ready = useCartHydrated();
  const addItemWithQuantity = useCart((s) => s.addItemWithQuantity);
  const openCart = useUI((s) => s.openCart);

  async function add() {
    setBusy(true);
    try {
      const [product] = await fetchCartProducts([productId]);
      const line = product && product.variants.length === 0 ? cartLineOf(product) : null;
      const cart = useCart.getState();
      // Out of stock, as many as one order line takes already in the cart, or a line more than an order takes.
      if (!line || isCartFullFor(cart, line.id) || unitsLeftFor(cart, line) <= 0) {
        await toastError(failed);
        return;
      }
      addItemWithQuantity(line, 1);
      openCart();
    } catch {
      await toastError(failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" aria-label={label} aria-busy={busy || undefined} disabled={busy || !ready} onClick={() => void add()} className={className}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M12 5v14M5 12h14" />
      </svg>
    </button>
  );
}
