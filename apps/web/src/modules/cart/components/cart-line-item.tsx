'use client';

import Image from 'next/image';
import Link from 'next/link';
import { cartItemName, type CartItem } from '@shop/domain/cart/item';
import { formatInr } from '@shop/domain/money';
import { MAX_QUANTITY_PER_LINE } from '@shop/domain/order-limits';
import { useCart } from '../lib/cart-store';
import { fill, type DrawerMessages } from '../lib/messages';
import { MinusIcon, PlusIcon, TrashIcon } from '@modules/common/components/icons';

interface CartLineItemProps {
  item: CartItem;
  messages: DrawerMessages;
  /** Following a link to the product closes the drawer. */
  onNavigate: () => void;
  /** "Delivered by …" for the shopper's pincode, already worded; null without one (issue 22). */
  promise?: string | null;
}

const control =
  'flex h-9 w-9 items-center justify-center rounded-full text-ink hover:bg-brand-soft hover:text-brand disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

/**
 * One cart line (spec §2): image and name link to /product/{slug}, the attributes comma-joined after the name, the
 * price per unit and the line total, and quantity controls: − takes one unit off (the line goes at zero), + adds one
 * up to the stock last seen and the units one order line takes (issue 19), and the bin removes the line. New lines fade in over 0.25 s (spec §9).
 */
export function CartLineItem({ item, messages: m, onNavigate, promise = null }: CartLineItemProps) {
  const addItemWithQuantity = useCart((s) => s.addItemWithQuantity);
  const removeItemOrQuantity = useCart((s) => s.removeItemOrQuantity);
  const removeItem = useCart((s) => s.removeItem);
  const name = cartItemName(item);
  const href = `/product/${item.slug}`;
  const outOfStock = item.stock < item.quantity;
  return (
    <li className="flex animate-[fade-in_0.25s_ease-out] gap-3 py-4" data-testid="cart-line" data-id={item.id}>
      <Link href={href} prefetch={false} onClick={onNavigate} tabIndex={-1} aria-hidden="true" className="shrink-0 overflow-hidden rounded-lg bg-surface">
        {item.image ? (
          <Image src={item.image} alt="" width={72} height={72} sizes="72px" className="h-18 w-18 object-cover" />
        ) : (
          <span className="block h-18 w-18" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link href={href} prefetch={false} onClick={onNavigate} className="line-clamp-2 text-sm font-medium leading-snug hover:text-brand">
          {name}
        </Link>
        <p className="text-xs text-muted tabular-nums">
          {formatInr(item.price)} × {item.quantity}
        </p>
        {promise ? (
          <p className="text-xs text-success" data-testid="cart-line-delivery">
            {promise}
          </p>
        ) : null}
        {outOfStock || !item.cod ? (
          <p className="flex flex-wrap gap-x-2 text-xs font-semibold">
            {outOfStock ? <span className="text-danger">{m.outOfStock}</span> : null}
            {item.cod ? null : <span className="text-accent-strong">{m.noCod}</span>}
          </p>
        ) : null}
        <div className="mt-1 flex items-center justify-between gap-2">
          <div role="group" aria-label={m.quantity} className="flex items-center rounded-full border border-line">
            <button type="button" className={control} aria-label={fill(m.decrease, { name })} onClick={() => removeItemOrQuantity(item.id)}>
              <MinusIcon width="18" height="18" />
            </button>
            <span className="min-w-7 text-center text-sm font-semibold tabular-nums" data-testid="cart-line-quantity">
              {item.quantity}
            </span>
            <button
              type="button"
              className={control}
              aria-label={fill(m.increase, { name })}
              disabled={item.quantity >= Math.min(item.stock, MAX_QUANTITY_PER_LINE)}
              onClick={() => addItemWithQuantity(item, 1)}
            >
              <PlusIcon width="18" height="18" />
            </button>
          </div>
          <span className="text-sm font-semibold tabular-nums" data-testid="cart-line-total">
            {formatInr(item.itemTotal)}
          </span>
          <button type="button" className={control} aria-label={fill(m.remove, { name })} onClick={() => removeItem(item.id)}>
            <TrashIcon width="18" height="18" />
          </button>
        </div>
      </div>
    </li>
  );
}
