import { useTranslations } from 'next-intl';
import { stockLevel } from '../lib/variants';

const tone = { out: 'text-danger', low: 'text-accent-strong', in: 'text-success' } as const;
const dot = { out: 'bg-danger', low: 'bg-accent', in: 'bg-success' } as const;

/** "In stock", "Only N left" or "Out of stock". Usable on the server and inside the client buy box. */
export function StockState({ stock }: { stock: number }) {
  const t = useTranslations('catalogue.stock');
  const level = stockLevel(stock);
  return (
    <p className={`inline-flex items-center gap-2 text-sm font-semibold ${tone[level]}`}>
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${dot[level]}`} />
      {level === 'out' ? t('out') : level === 'low' ? t('low', { count: stock }) : t('in')}
    </p>
  );
}
