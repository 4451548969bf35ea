import { discountPercent, formatInr } from '@shop/domain/money';
import { useTranslations } from 'next-intl';

interface PriceProps {
  /** Selling price in paise. */
  price: number;
  /** Base price (MRP) in paise; struck through with the percent off when above the price (spec §1). */
  mrp?: number | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = {
  sm: { price: 'text-sm', mrp: 'text-xs', off: 'text-xs' },
  md: { price: 'text-base', mrp: 'text-sm', off: 'text-sm' },
  lg: { price: 'text-2xl', mrp: 'text-base', off: 'text-base' },
} as const;

/** INR with no decimals and Indian digit grouping (₹1,29,999). Works in server and client components. */
export function Price({ price, mrp, size = 'md', className = '' }: PriceProps) {
  const t = useTranslations('shell.price');
  const off = mrp ? discountPercent(mrp, price) : 0;
  const s = sizes[size];
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={`font-semibold text-ink ${s.price}`}>
        <span className="sr-only">{t('price')} </span>
        {formatInr(price)}
      </span>
      {off > 0 && mrp ? (
        <>
          <s className={`text-muted ${s.mrp}`}>
            <span className="sr-only">{t('mrp')} </span>
            {formatInr(mrp)}
          </s>
          <span className={`font-semibold text-success ${s.off}`}>{t('off', { percent: off })}</span>
        </>
      ) : null}
    </span>
  );
}

export default Price;
