'use client';

import { useTranslations } from 'next-intl';
import { BagIcon } from '@modules/common/components/icons';
import { useUI } from '@modules/common/ui-store';

/** Opens the cart drawer. The count comes from the cart, added by a later issue; 0 until then. */
export function CartButton({ count = 0 }: { count?: number }) {
  const t = useTranslations('shell.header');
  const openCart = useUI((s) => s.openCart);
  return (
    <button
      type="button"
      onClick={openCart}
      aria-label={t('cart', { count })}
      aria-haspopup="dialog"
      className="relative flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-soft hover:text-brand"
    >
      <BagIcon />
      <span
        aria-hidden="true"
        data-testid="cart-count"
        className="absolute end-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] font-semibold leading-none text-white"
      >
        {count}
      </span>
    </button>
  );
}
