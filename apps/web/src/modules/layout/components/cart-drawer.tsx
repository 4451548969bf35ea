'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { formatInr } from '@shop/domain/money';
import { Drawer } from '@modules/common/components/drawer';
import { BagIcon, CloseIcon } from '@modules/common/components/icons';
import { useUI } from '@modules/common/ui-store';

/**
 * The shopping-cart drawer frame (spec §2): slides in from the end edge (right, left in rtl),
 * title, close button, a list area for cart lines and the checkout link with the total. The
 * cart itself arrives in a later issue: until then it is always empty, so the link goes home
 * and looks disabled.
 */
export function CartDrawer() {
  const t = useTranslations('shell.cart');
  const open = useUI((s) => s.displayCart);
  const closeCart = useUI((s) => s.closeCart);
  const total = 0;
  const isEmpty = true;

  return (
    <Drawer open={open} onClose={closeCart} side="end" labelledBy="cart-drawer-title">
      <div className="flex items-center justify-between border-b border-line px-5 py-3">
        <h2 id="cart-drawer-title" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <button
          type="button"
          onClick={closeCart}
          aria-label={t('close')}
          className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-brand-soft"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-5 py-4" data-testid="cart-lines">
        {isEmpty ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-center">
            <span className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-soft text-brand">
              <BagIcon width={36} height={36} />
            </span>
            <p className="text-lg font-semibold">{t('empty')}</p>
            <p className="max-w-60 text-sm text-muted">{t('emptyHint')}</p>
          </div>
        ) : (
          <ul />
        )}
      </div>
      <div className="border-t border-line p-5">
        <Link
          href={isEmpty ? '/' : '/checkout'}
          onClick={closeCart}
          aria-disabled={isEmpty || undefined}
          className={`flex w-full items-center justify-between rounded-full px-6 py-3.5 font-semibold ${
            isEmpty ? 'cursor-not-allowed bg-line text-muted' : 'bg-brand text-white hover:bg-brand-strong'
          }`}
        >
          <span>{t('checkout')}</span>
          <span className={`rounded-full px-3 py-1 text-sm ${isEmpty ? 'bg-white/70' : 'bg-white text-brand'}`}>{formatInr(total)}</span>
        </Link>
      </div>
    </Drawer>
  );
}
