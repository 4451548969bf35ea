import { discountPercent, formatInr } from '@shop/domain/money';
import { useTranslations } from 'next-intl';
import { fillTemplate } from '../i18n/fill-template';

interface PriceProps {
  /** Selling price in paise. */
  price: number;
  /** Base price (MRP) in paise; struck through with the percent off when above the price (spec §1). */
  mrp?: number | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** The words around a price, already translated: `off` is the template "{percent}% off" in the visitor's language. */
interface PriceLabels {
  price: string;
  mrp: string;
  off: string;
}

const sizes = {
  sm: { price: 'text-sm', mrp: 'text-xs', off: 'text-xs' },
  md: { price: 'text-base', mrp: 'text-sm', off: 'text-sm' },
  lg: { price: 'text-2xl', mrp: 'text-base', off: 'text-base' },
} as const;

/**
 * INR with no decimals and Indian digit grouping (₹1,29,999), with labels given as props: for always-loaded client
 * leaves (a buy box), which must not load next-intl's formatter (decision 018). Get the labels from `priceLabels`.
 */
function PriceView({ price, mrp, size = 'md', className = '', labels }: PriceProps & { labels: PriceLabels }) {
  const off = mrp ? discountPercent(mrp, price) : 0;
  const s = sizes[size];
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={`font-semibold text-ink ${s.price}`}>
        <span className="sr-only">{labels.price} </span>
        {formatInr(price)}
      </span>
      {off > 0 && mrp ? (
        <>
          <s className={`text-muted ${s.mrp}`}>
            <span className="sr-only">{labels.mrp} </span>
            {formatInr(mrp)}
          </s>
          <span className={`font-semibold text-success ${s.off}`}>{fillTemplate(labels.off, { percent: off })}</span>
        </>
      ) : null}
    </span>
  );
}

/** The labels PriceView needs, read in a server component: `priceLabels(await getTranslations('shell.price'))`. */
function priceLabels(t: { (key: 'price' | 'mrp'): string; raw(key: 'off'): unknown }): PriceLabels {
  return { price: t('price'), mrp: t('mrp'), off: String(t.raw('off')) };
}

/** Price in server components (and client code under a next-intl provider): reads its labels itself. */
export function Price(props: PriceProps) {
  const t = useTranslations('shell.price');
  return <PriceView {...props} labels={priceLabels(t)} />;
}
