'use client';

import type { ShippingRules } from '@shop/domain/pricing';
import { BagIcon } from '@modules/common/components/icons';
import { useUI } from '@modules/common/ui-store';
import { useCart } from '../lib/cart-store';
import { formatCountLabel, type CountLabels } from '../lib/count-label';
import { useCartStartup } from '../lib/use-cart-startup';

interface CartCountButtonProps {
  /** "Cart, {count} items" per plural category, translated on the server (no next-intl in always-loaded code). */
  labels: CountLabels;
  /**
   * The label for an empty cart, formatted on the server: the count the page hydrates with is always 0, so hydration
   * never builds the browser's plural rules and number format (ICU start-up, ~56 ms at 4x CPU slowdown).
   */
  emptyLabel: string;
  locale: string;
  /** The shop's shipping settings, for the cart's totals. */
  shippingRules: ShippingRules;
}

/**
 * The header's cart button: opens the drawer and shows how many units the cart holds. It is on every page, so it
 * also starts the cart (reads local storage, refreshes the lines). The server renders 0: the cart lives in the
 * browser only.
 */
export function CartCountButton({ labels, emptyLabel, locale, shippingRules }: CartCountButtonProps) {
  useCartStartup(shippingRules);
  const count = useCart((s) => s.totalItems);
  const openCart = useUI((s) => s.openCart);
  return (
    <button
      type="button"
      onClick={openCart}
      aria-label={count === 0 ? emptyLabel : formatCountLabel(labels, locale, count)}
      aria-haspopup="dialog"
      className="relative flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-soft hover:text-brand"
    >
      <BagIcon />
      <span
        aria-hidden="true"
        data-testid="cart-count"
        className="absolute end-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs font-semibold leading-none text-white tabular-nums"
      >
        {count}
      </span>
    </button>
  );
}
