'use client';

import Image from 'next/image';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { getProductPreview } from '@lib/api/catalogue-browser';
import { Price } from '../../components/price';
import { useUI } from '../../ui-store';
import { modalTitleId } from '../ids';

/** Plain text of the start of a description, for the short summary in the quick view. */
function summary(text: string, max = 220): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max).replace(/\s+\S*$/, '')}…` : plain;
}

/** PRODUCT_VIEW: a quick look at a product opened from a card; modal data is `{ slug }`. */
export default function ProductView() {
  const t = useTranslations('shell.productView');
  const slug = useUI((s) => (typeof s.modalData?.slug === 'string' ? s.modalData.slug : ''));
  const closeModal = useUI((s) => s.closeModal);
  const { data, isPending, isError } = useQuery({
    queryKey: ['product', slug],
    queryFn: () => getProductPreview(slug),
    enabled: slug !== '',
  });

  if (isPending || isError || !data) {
    return (
      <div className="p-8 pt-12" aria-busy={isPending}>
        <h2 id={modalTitleId} className="text-lg">
          {t('title')}
        </h2>
        <p className="mt-4 text-muted" role={isError ? 'alert' : 'status'}>
          {isError || slug === '' ? t('error') : t('loading')}
        </p>
      </div>
    );
  }

  const image = data.images[0] ?? data.image;
  return (
    <div className="grid gap-6 p-5 pt-12 sm:grid-cols-2 sm:p-8">
      <div className="relative aspect-square overflow-hidden rounded-xl bg-surface">
        {image ? <Image src={image.original} alt={image.alt ?? data.name} fill sizes="(min-width: 640px) 384px, 100vw" className="object-cover" /> : null}
      </div>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted">{data.category.name}</p>
        <h2 id={modalTitleId} className="text-2xl font-semibold leading-tight">
          {data.name}
        </h2>
        <Price price={data.price} mrp={data.mrp} size="lg" />
        <ul className="flex flex-wrap gap-2 text-sm">
          <li className={data.inStock ? 'text-success' : 'text-danger'}>{data.inStock ? t('inStock') : t('outOfStock')}</li>
          <li aria-hidden="true" className="text-line">
            |
          </li>
          <li className="text-muted">{data.cod ? t('cod') : t('noCod')}</li>
        </ul>
        {data.product_customization ? <p className="rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand">{t('personalised')}</p> : null}
        <p className="leading-relaxed text-ink/90">{summary(data.description)}</p>
        <Link
          prefetch={false}
          href={`/product/${data.slug}`}
          onClick={closeModal}
          className="mt-auto inline-flex items-center justify-center rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-strong"
        >
          {t('viewDetails')}
        </Link>
      </div>
    </div>
  );
}
