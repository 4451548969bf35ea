import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { ProductDetail } from '@shop/domain/catalogue';
import { Price } from '@modules/common/components/price';
import { priceKey, stockKey } from '../lib/buy-box-keys';
import { BuyBoxControls } from './buy-box-controls';
import { StockState } from './stock-state';

interface BuyBoxProps {
  product: ProductDetail;
  /** The variant chosen on the server (from ?variant= or the first in stock). */
  initialVariantId?: string;
}

/**
 * Price, stock, variant options, quantity and add to cart: the part of the product page that changes when a shopper
 * picks a variant. Translated and rendered here on the server; the browser gets the few texts and one price block
 * and stock line per distinct price and stock level, and swaps them as the choice changes (BuyBoxControls).
 */
export function BuyBox({ product, initialVariantId }: BuyBoxProps) {
  const t = useTranslations('catalogue.product');
  const tc = useTranslations('cart.add');
  const tp = useTranslations('catalogue.product.personalise');
  const choices = product.variants.length > 0 ? product.variants : [product];
  const prices: Record<string, ReactNode> = {};
  const stocks: Record<string, ReactNode> = {};
  for (const choice of choices) {
    prices[priceKey(choice)] ??= <Price price={choice.price} mrp={choice.mrp} size="lg" />;
    stocks[stockKey(choice.stock)] ??= <StockState stock={choice.stock} />;
  }
  return (
    <BuyBoxControls
      product={{
        _id: product._id,
        name: product.name,
        slug: product.slug,
        image: product.image ? { original: product.image.original } : null,
        price: product.price,
        mrp: product.mrp,
        cod: product.cod,
        stock: product.stock,
        product_customization: product.product_customization,
      }}
      variants={product.variants}
      attributes={product.attributes}
      initialVariantId={initialVariantId}
      prices={prices}
      stocks={stocks}
      personalise={
        product.personalisation
          ? {
              template: product.personalisation,
              labels: {
                title: tp('title'),
                intro: tp('intro'),
                preview: tp('preview', { name: '{name}' }),
                counter: tp('counter', { count: '{count}', max: '{max}' }),
                photo: tp('photo', { label: '{label}' }),
                removePhoto: tp('removePhoto'),
                required: tp('required', { label: '{label}' }),
                squeezed: tp('squeezed'),
                add: tp('add'),
                adding: tp('adding'),
                outOfStock: tc('outOfStock'),
                signIn: tp('signIn'),
                waiting: tp('waiting'),
                photosAgain: tp('photosAgain'),
                failed: tp('failed'),
              },
            }
          : undefined
      }
      labels={{
        taxIncluded: t('taxIncluded'),
        unavailable: t('unavailable'),
        sku: t('sku', { sku: '{sku}' }),
        quantity: t('quantity'),
        cart: {
          add: tc('add'),
          outOfStock: tc('outOfStock'),
          allInCart: tc('allInCart', { count: '{count}' }),
          lineFull: tc('lineFull', { count: '{count}' }),
          cartFull: tc('cartFull', { count: '{count}' }),
        },
      }}
    />
  );
}
