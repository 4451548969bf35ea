import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { ProductDetail } from '@shop/domain/catalogue';
import { ShopText, shopTextProps } from '@modules/common/components/shop-text';

/** Description paragraphs and the facts table: brand, category, HSN code, weight. */
export function ProductDetails({ product }: { product: ProductDetail }) {
  const t = useTranslations('catalogue.product');
  const paragraphs = product.description.split(/\n{2,}/).filter(Boolean);
  const rows: [string, ReactNode][] = [
    ...(product.brand ? [[t('brand'), <ShopText key="b">{product.brand.name}</ShopText>] as [string, ReactNode]] : []),
    [
      t('category'),
      <Link key="c" href={`/category/${product.category.slug}`} prefetch={false} className="text-brand underline-offset-4 hover:underline">
        <ShopText>{product.category.name}</ShopText>
      </Link>,
    ],
    ...(product.hsnCode ? [[t('hsn'), product.hsnCode] as [string, ReactNode]] : []),
    ...(product.weightGrams > 0 ? [[t('weight'), t('grams', { grams: product.weightGrams })] as [string, ReactNode]] : []),
  ];
  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby="description-title">
        <h2 id="description-title" className="mb-3 text-2xl font-semibold text-ink">
          {t('description')}
        </h2>
        <div className="flex max-w-prose flex-col gap-3 leading-7 text-ink">
          {paragraphs.map((p, i) => (
            <p key={i} {...shopTextProps} className="whitespace-pre-line">
              {p}
            </p>
          ))}
        </div>
      </section>
      <section aria-labelledby="details-title">
        <h2 id="details-title" className="mb-3 text-2xl font-semibold text-ink">
          {t('details')}
        </h2>
        <dl className="divide-y divide-line rounded-xl border border-line text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-muted">{label}</dt>
              <dd className="text-end font-medium text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
