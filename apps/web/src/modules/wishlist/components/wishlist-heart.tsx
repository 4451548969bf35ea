'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { showToast } from '@modules/common/show-toast';
import { useUI } from '@modules/common/ui-store';
import { loadWishlist, serverWishlistSnapshot, subscribeWishlist, toggleWishlist, WishlistFullError, wishlistSnapshot } from '../lib/wishlist-store';

interface WishlistHeartProps {
  productId: string;
  /** "Save {name} to your wishlist", translated on the server: the toggle's name; aria-pressed says whether it is. */
  label: string;
  /** Shown when the change did not go through, and when the list is full. */
  failed: string;
  full: string;
  className?: string;
}

/**
 * The heart on a product card and on the product page (issue 24): a toggle button (aria-pressed) whose state comes
 * from the browser's wishlist store, never from the server's render, so the cached catalogue HTML is the same for
 * everyone (decision 099). Until the store has loaded it shows not pressed.
 */
export function WishlistHeart({ productId, label, failed, full, className = '' }: WishlistHeartProps) {
  const signedIn = useUI((s) => s.isAuthorized);
  const { ids } = useSyncExternalStore(subscribeWishlist, wishlistSnapshot, serverWishlistSnapshot);
  const [busy, setBusy] = useState(false);
  const pressed = ids.has(productId);

  useEffect(() => {
    loadWishlist(signedIn).catch(() => {});
  }, [signedIn]);

  async function toggle() {
    setBusy(true);
    try {
      await toggleWishlist(productId, signedIn);
    } catch (error) {
      const code = (error as { code?: string }).code;
      void showToast('error', error instanceof WishlistFullError || code === 'wishlist_full' ? full : failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
      data-wishlist-heart={productId}
      className={`inline-flex items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
        pressed ? 'text-brand' : 'text-ink hover:text-brand'
      } ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill={pressed ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8">
        <path
          strokeLinejoin="round"
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.6 1.1 5.1 3 1.5-1.9 3.1-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        />
      </svg>
    </button>
  );
}
