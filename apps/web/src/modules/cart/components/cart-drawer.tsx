'use client';

import Link from 'next/link';
import { useMemo } from 'react';
import { formatInr } from '@shop/domain/money';
import { Drawer, DrawerHeader } from '@modules/common/components/drawer';
import { BagIcon } from '@modules/common/components/icons';
import { useShopLocale } from '@modules/common/locale-context';
import { useUI } from '@modules/common/ui-store';
import { useCartDelivery } from '@modules/delivery/components/use-cart-delivery';
import { formatDeliveryRange, rememberedPincode } from '@modules/delivery/lib/delivery-format';
import { useCart } from '../lib/cart-store';
import { drawerMessages, fill } from '../lib/messages';
import { CartLineItem } from './cart-line-item';
import { CartSummary } from './cart-summary';

/**
 * The shopping-cart drawer (spec §2): slides in from the end edge (right, left in rtl) over 0.3 s, title 'Shopping
 * cart', a close button, the lines, and 'Proceed To Checkout' with the cart total leading to /checkout. An empty
 * cart says 'Your cart is empty.' and its link points home and looks disabled. Loaded the first time the drawer
 * opens (LazyOverlays), never with the page. With a pincode the shopper checked on a product page (remembered on this
 * device), each line says when it arrives and the summary says when the whole order does: its latest line (issue 22).
 */
export function CartDrawer() {
  const open = useUI((s) => s.displayCart);
  const closeCart = useUI((s) => s.closeCart);
  const items = useCart((s) => s.items);
  const total = useCart((s) => s.total);
  const isEmpty = items.length === 0;
  const locale = useShopLocale();
  const m = drawerMessages(locale);
  // Read when the drawer opens (client only: the drawer is never rendered on the server), so a pincode checked since counts.
  const pincode = open ? rememberedPincode() : '';
  const productIds = useMemo(() => items.map((item) => item.productId), [items]);
  const delivery = useCartDelivery(pincode, productIds);
  const promiseOf = (earliest: string | null | undefined, latest: string | null | undefined) =>
    earliest && latest ? formatDeliveryRange(earliest, latest, locale) : null;

  return (
    <Drawer open={open} onClose={closeCart} side="end" labelledBy="cart-drawer-title">
      <DrawerHeader titleId="cart-drawer-title" title={m.title} closeLabel={m.close} onClose={closeCart} />
      <div className="flex-1 overflow-y-auto px-5" data-testid="cart-lines">
        {isEmpty ? (
          <div className="flex h-full animate-[fade-in_0.25s_ease-out] flex-col items-center justify-center gap-3 py-4 text-center">
            <span className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-soft text-brand">
              <BagIcon width={36} height={36} />
            </span>
            <p className="text-lg font-semibold">{m.empty}</p>
            <p className="max-w-60 text-sm text-muted">{m.emptyHint}</p>
          </div>
        ) : (
          <ul aria-label={m.lines} className="divide-y divide-line">
            {items.map((item, index) => {
              const line = delivery?.lines[index];
              const range = promiseOf(line?.earliest, line?.latest);
              return <CartLineItem key={item.id} item={item} messages={m} onNavigate={closeCart} promise={range ? fill(m.deliveredBy, { range }) : null} />;
            })}
          </ul>
        )}
      </div>
      <div className="border-t border-line p-5">
        {isEmpty ? null : <CartSummary messages={m} />}
        {!isEmpty && delivery ? (
          <p className="mb-4 text-sm" data-testid="cart-delivery">
            {delivery.serviceable && delivery.earliest && delivery.latest
              ? fill(m.orderDelivery, { pincode: delivery.pincode, range: promiseOf(delivery.earliest, delivery.latest)! })
              : fill(m.notServiceable, { pincode: delivery.pincode })}
          </p>
        ) : null}
        <Link
          href={isEmpty ? '/' : '/checkout'}
          // Opening the drawer should not fetch pages the shopper may never visit.
          prefetch={false}
          onClick={closeCart}
          aria-disabled={isEmpty || undefined}
          className={`flex w-full items-center justify-between rounded-full px-6 py-3.5 font-semibold ${
            isEmpty ? 'cursor-not-allowed bg-line text-muted' : 'bg-brand text-white hover:bg-brand-strong'
          }`}
        >
          <span>{m.checkout}</span>
          <span data-testid="cart-total" className={`rounded-full px-3 py-1 text-sm tabular-nums ${isEmpty ? 'bg-white/70' : 'bg-white text-brand'}`}>
            {formatInr(total)}
          </span>
        </Link>
      </div>
    </Drawer>
  );
}
