'use client';

import dynamic from 'next/dynamic';
import { useState, type MouseEvent, type ReactNode } from 'react';
import type { PersonalisationTemplate } from '@shop/domain/gift/personalisation';
import { cartLineOf, type CartProductInput } from '@shop/domain/cart/item';
import type { AttributeOption, Variant } from '@shop/domain/catalogue';
import { AddToCartButton, type AddToCartLabels } from '@modules/cart/components/add-to-cart-button';
import { priceKey, stockKey } from '../lib/buy-box-keys';
import { chooseVariant } from '../lib/chosen-variant';
import { isAvailable, maxQuantity, variantFor, type Selection } from '../lib/variants';
import type { PersonaliseLabels } from '@modules/customisation/preview/personalisation-panel';

/**
 * Issue 24: the live personalisation preview, in a chunk of its own that only a product with a template loads
 * (decision 107); every other product page keeps its first-load JavaScript.
 */
const PersonalisationPanel = dynamic(() => import('@modules/customisation/preview/personalisation-panel'), {
  ssr: false,
  loading: () => <div className="h-64 animate-pulse rounded-xl bg-surface" aria-hidden="true" />,
});

interface BuyBoxLabels {
  taxIncluded: string;
  unavailable: string;
  /** "SKU: {sku}", {sku} left in for the browser to fill. */
  sku: string;
  quantity: string;
  cart: AddToCartLabels;
}

interface BuyBoxControlsProps {
  /** What a cart line needs of the product; price, mrp and stock are the product's own (used without variants). */
  product: CartProductInput;
  variants: Variant[];
  attributes: AttributeOption[];
  /** The variant chosen on the server (from ?variant= or the first in stock). */
  initialVariantId?: string;
  /** The price block and stock line, rendered (and translated) on the server, by priceKey / stockKey. */
  prices: Record<string, ReactNode>;
  stocks: Record<string, ReactNode>;
  labels: BuyBoxLabels;
  /** Issue 24: a personalised product's template and the panel's texts; absent for other products. */
  personalise?: { template: PersonalisationTemplate; labels: PersonaliseLabels };
}

/**
 * The interactive part of the buy box: variant options, quantity and add to cart. Options are links to
 * ?variant=<sku>, so they work without JavaScript and a choice can be shared; with JavaScript a click updates in place
 * and only rewrites the URL. Texts arrive translated as props: this runs on every product page, so it stays free of
 * next-intl's client formatter.
 */
export function BuyBoxControls({ product, variants, attributes, initialVariantId, prices, stocks, labels, personalise }: BuyBoxControlsProps) {
  const [variantId, setVariantId] = useState(initialVariantId);
  const [quantity, setQuantity] = useState(1);
  const variant = variants.find((v) => v._id === variantId);
  const shown = variant ?? { price: product.price, mrp: product.mrp, stock: product.stock, sku: undefined };
  const max = maxQuantity(shown.stock);
  const selection: Selection = variant?.attributes ?? {};
  // A product with variants is added only as one of them.
  const line = variants.length === 0 ? cartLineOf(product) : variant ? cartLineOf(product, variant) : null;

  function choose(event: MouseEvent<HTMLAnchorElement>, next: Variant) {
    // Keep modified clicks (new tab, etc.) as ordinary links.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setVariantId(next._id);
    chooseVariant(next._id);
    setQuantity((q) => Math.max(1, Math.min(q, maxQuantity(next.stock))));
    window.history.replaceState(null, '', event.currentTarget.href);
  }

  return (
    <div className="flex flex-col gap-5">
      <div>
        {prices[priceKey(shown)]}
        <p className="mt-1 text-xs text-muted">{labels.taxIncluded}</p>
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
                    href={`/product/${product.slug}?variant=${encodeURIComponent(target.sku)}`}
                    onClick={(event) => choose(event, target)}
                    aria-current={selected ? 'true' : undefined}
                    rel="nofollow"
                    className={`inline-flex h-10 min-w-12 items-center justify-center rounded-lg border px-4 text-sm transition-colors ${
                      selected ? 'border-brand bg-brand-soft font-semibold text-brand-strong' : 'border-line bg-white text-ink hover:border-brand'
                    } ${available ? '' : 'text-muted line-through decoration-1'}`}
                  >
                    {value}
                    {available ? null : <span className="sr-only"> ({labels.unavailable})</span>}
                  </a>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}

      <div className="flex flex-col gap-1">
        {stocks[stockKey(shown.stock)]}
        {shown.sku ? <p className="text-xs text-muted">{labels.sku.replace('{sku}', shown.sku)}</p> : null}
      </div>

      <div className="flex flex-wrap items-end gap-3" data-slot="buy-actions">
        {max > 0 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="quantity" className="text-sm text-muted">
              {labels.quantity}
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
        ) : null}
        {personalise ? null : <AddToCartButton line={line} quantity={quantity} labels={labels.cart} />}
      </div>
      {personalise ? (
        <PersonalisationPanel
          template={personalise.template}
          productName={product.name}
          line={line}
          quantity={quantity}
          onQuantity={(wanted) => setQuantity(Math.max(1, Math.min(wanted, max)))}
          labels={personalise.labels}
        />
      ) : null}
    </div>
  );
}
