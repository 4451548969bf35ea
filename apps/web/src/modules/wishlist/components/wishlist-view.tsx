'use client';

import { isCartFullFor, unitsLeftFor } from '@shop/domain/cart/actions';
import { cartLineOf } from '@shop/domain/cart/item';
import { formatInr } from '@shop/domain/money';
import { useTranslations } from 'next-intl';
import { getImageProps } from 'next/image';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { fetchCartProducts } from '@lib/api/cart-browser';
import { fetchWishlist, takeOffWishlist, type WishlistCard } from '@lib/api/wishlist-browser';
import { useCart } from '@modules/cart/lib/cart-store';
import { useCartHydrated } from '@modules/cart/lib/use-cart-hydrated';
import { forgetWishlistItem, loadWishlist } from '../lib/wishlist-store';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; items: WishlistCard[] };

function Thumbnail({ product }: { product: WishlistCard }) {
  if (!product.image) return <span className="h-20 w-20 shrink-0 rounded-lg bg-surface sm:h-24 sm:w-24" />;
  const { props } = getImageProps({ src: product.image.original, alt: '', width: product.image.width, height: product.image.height, sizes: '96px' });
  // eslint-disable-next-line jsx-a11y/alt-text -- the optimiser's sources as a plain <img>; alt is empty: the name beside it says what it is
  return <img {...props} className="h-20 w-20 shrink-0 rounded-lg bg-surface object-cover sm:h-24 sm:w-24" />;
}

/**
 * The signed-in shopper's wishlist (issue 24): first the browser's own list is handed to the account (a wishlist built
 * signed out survives sign-in), then the account's list is shown. "Move to cart" adds one unit from the shop's current
 * data (as the cards' quick add does) and takes the product off the list; a product with options leads to its page.
 */
export function WishlistView() {
  const t = useTranslations('account.wishlist');
  const cartReady = useCartHydrated();
  const addItemWithQuantity = useCart((s) => s.addItemWithQuantity);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const read = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      await loadWishlist(true).catch(() => {});
      setLoad({ state: 'ready', items: await fetchWishlist() });
    } catch {
      setLoad({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the list is fetched from the API once the page runs
    void read();
  }, [read]);

  const drop = (productId: string) => {
    forgetWishlistItem(productId);
    setLoad((current) => (current.state === 'ready' ? { state: 'ready', items: current.items.filter((item) => item._id !== productId) } : current));
  };

  async function remove(product: WishlistCard) {
    setBusy(product._id);
    try {
      await takeOffWishlist(product._id);
      drop(product._id);
    } catch {
      setStatus(t('failed'));
    } finally {
      setBusy(null);
    }
  }

  async function moveToCart(product: WishlistCard) {
    setBusy(product._id);
    try {
      const [current] = await fetchCartProducts([product._id]);
      const line = current && current.variants.length === 0 ? cartLineOf(current) : null;
      const cart = useCart.getState();
      if (!line || isCartFullFor(cart, line.id) || unitsLeftFor(cart, line) <= 0) {
        setStatus(t('failed'));
        return;
      }
      addItemWithQuantity(line, 1);
      await takeOffWishlist(product._id);
      drop(product._id);
      setStatus(t('moved', { name: product.name }));
    } catch {
      setStatus(t('failed'));
    } finally {
      setBusy(null);
    }
  }

  const action = 'min-h-11 rounded-full px-4 text-sm font-semibold disabled:opacity-60';
  return (
    <div>
      {/* Outcomes of the buttons, announced. */}
      <p role="status" className="mb-3 min-h-5 text-sm text-ink">
        {status}
      </p>
      {load.state === 'loading' ? <p className="text-muted">{t('loading')}</p> : null}
      {load.state === 'failed' ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-danger">
            {t('loadFailed')}
          </p>
          <button type="button" onClick={() => void read()} className={`${action} border border-line text-ink hover:bg-surface`}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {load.state === 'ready' && load.items.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-ink">{t('empty')}</p>
          <Link prefetch={false} href="/shop" className="font-semibold text-brand underline-offset-2 hover:underline">
            {t('browse')}
          </Link>
        </div>
      ) : null}
      {load.state === 'ready' && load.items.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line" data-testid="wishlist">
          {load.items.map((product) => (
            <li key={product._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-4">
                <Thumbnail product={product} />
                <div className="flex min-w-0 flex-col gap-1">
                  <Link prefetch={false} href={`/product/${product.slug}`} className="font-medium text-ink hover:text-brand">
                    {product.name}
                  </Link>
                  <span className="text-sm text-ink tabular-nums">{formatInr(product.price)}</span>
                  {product.inStock ? null : <span className="text-sm text-muted">{t('outOfStock')}</span>}
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                {product.inStock && !product.hasVariants ? (
                  <button
                    type="button"
                    aria-label={t('moveToCart', { name: product.name })}
                    disabled={!cartReady || busy === product._id}
                    onClick={() => void moveToCart(product)}
                    className={`${action} bg-brand text-white hover:bg-brand-strong`}
                  >
                    {t('moveShort')}
                  </button>
                ) : null}
                {product.inStock && product.hasVariants ? (
                  <Link
                    prefetch={false}
                    href={`/product/${product.slug}`}
                    className={`${action} inline-flex items-center border border-brand text-brand hover:bg-brand-soft`}
                  >
                    {t('chooseOptions')}
                  </Link>
                ) : null}
                <button
                  type="button"
                  aria-label={t('remove', { name: product.name })}
                  disabled={busy === product._id}
                  onClick={() => void remove(product)}
                  className={`${action} border border-line text-ink hover:bg-surface`}
                >
                  {t('removeShort')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
