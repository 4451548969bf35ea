import { useTranslations } from 'next-intl';
import type { ProductCustomisation } from '@shop/domain/catalogue';

/** For customisable products: what the shopper sends after ordering (text, photos or both, per unit). */
export function CustomisationNotice({ customization }: { customization: ProductCustomisation | null }) {
  const t = useTranslations('catalogue.personalisation');
  if (!customization) return null;
  const count = customization.mediaLimit || 1;
  return (
    <section aria-labelledby="personalisation-title" className="rounded-xl border border-accent/40 bg-[#fdf8ee] p-4">
      <h2 id="personalisation-title" className="flex items-center gap-2 font-sans text-sm font-semibold text-accent-strong">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M12 3l2.2 4.6 5 .7-3.6 3.5.9 5-4.5-2.4-4.5 2.4.9-5L4.8 8.3l5-.7L12 3z" />
        </svg>
        {t('title')}
      </h2>
      <p className="mt-2 text-sm leading-6 text-ink">{t(customization.type, { count })}</p>
    </section>
  );
}
