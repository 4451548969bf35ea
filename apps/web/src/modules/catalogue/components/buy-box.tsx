'use client';

import { useState, type MouseEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { AttributeOption, Variant } from '@shop/domain/catalogue';
import { Price } from '@modules/common/components/price';
import { isAvailable, maxQuantity, variantFor, type Selection } from '../lib/variants';
import { StockState } from './stock-state';

interface BuyBoxProps {
  slug: string;
  /** Product-level price, mrp and stock, used when the product has no variants. */
  price: number;
  mrp: number;
  stock: number;
  variants: Variant[];
  attributes: AttributeOption[];
  /** The variant chosen on the server (from ?variant= or the first in stock). */
  initialVariantId?: string;
}

/**
 * Price, stock, variant options and quantity: the part of the product page that changes when a shopper
 * picks a variant. Options are links to ?variant=<sku>, so they work without JavaScript and a choice can
 * be shared; with JavaScript a click updates in place and only rewrites the URL.
 * The add-to-cart button (a later issue) goes in the action row beside the quantity.
 */
export function BuyBox({ slug, price, mrp, stock, variants, attributes, initialVariantId }: BuyBoxProps) {
  const t = useTranslations('catalogue.product');
  const [variantId, setVariantId] = useState(initialVariantId);
  const [quantity, setQuantity] = useState(1);
  const variant = variants.find((v) => v._id === variantId);
  const shown = variant ?? { price, mrp, stock, sku: undefined };
  const max = maxQuantity(shown.stock);
  const selection: Selection = variant?.attributes ?? {};

  function choose(event: MouseEvent<HTMLAnchorElement>, next: Variant) {
    // Keep modified clicks (new tab, etc.) as ordinary links.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setVariantId(next._id);
    setQuantity((q) => Math.max(1, Math.min(q, maxQuantity(next.stock))));
    window.history.replaceState(null, '', event.currentTarget.href);
  }

  return (
    <div className="flex flex-col gap-5">
      <div>
        <Price price={shown.price} mrp={shown.mrp} size="lg" />
        <p className="mt-1 text-xs text-muted">{t('taxIncluded')}</p>
      </div>

      {attributes.map((attribute) => (
        <fieldset key={attribute.name}>
          <legend className="mb-2 text-sm text-muted">
            {attribute.name}: <span className="font-semibold text-ink">{selection[attribute.name] ?? '—'}</span>
          </legend>
          <ul className="flex flex-wrap gap-2">
            {attribute.values.map((value) => {
              const target = variantFor(variants, selection, attribute.name, value);
              if (!target) return null;
              const selected = selection[attribute.name] === value;
              const available = isAvailable(variants, selection, attribute.name, value);
              return (
                <li key={value}>
                  <a
                    href={`/product/${slug}?variant=${encodeURIComponent(target.sku)}`}
                    onClick={(event) => choose(event, target)}
                    aria-current={selected ? 'true' : undefined}
                    rel="nofollow"
                    className={`inline-flex h-10 min-w-12 items-center justify-center rounded-lg border px-4 text-sm transition-colors ${
                      selected
                        ? 'border-brand bg-brand-soft font-semibold text-brand-strong'
                        : 'border-line bg-white text-ink hover:border-brand'
                    } ${available ? '' : 'text-muted line-through decoration-1'}`}
                  >
                    {value}
                    {available ? null : <span className="sr-only"> ({t('unavailable')})</span>}
                  </a>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}

      <div className="flex flex-col gap-1">
        <StockState stock={shown.stock} />
        {shown.sku ? <p className="text-xs text-muted">{t('sku', { sku: shown.sku })}</p> : null}
      </div>

      {max > 0 ? (
        <div className="flex flex-wrap items-end gap-3" data-slot="buy-actions">
          <div className="flex flex-col gap-1">
            <label htmlFor="quantity" className="text-sm text-muted">
              {t('quantity')}
            </label>
            <select
              id="quantity"
              name="quantity"
              value={quantity}
              onChange={(event) => setQuantity(Number(event.target.value))}
              className="h-11 w-24 rounded-lg border border-line bg-white px-3 text-sm text-ink"
            >
              {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
    </div>
  );
}
