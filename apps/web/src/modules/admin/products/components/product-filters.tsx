import type { Brand, Category } from '@shop/domain/catalogue';
import Link from 'next/link';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import type { ProductFilterValues } from '../lib/products-api';

const field = 'min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2 text-base';

/** The list's filters as a plain GET form: works before (and without) JavaScript, and the URL can be shared. */
export function ProductFilters({ values, categories, brands, t }: { values: ProductFilterValues; categories: Category[]; brands: Brand[]; t: AdminTranslate }) {
  const select = (name: keyof ProductFilterValues, label: string, options: [string, string][]) => (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
      {label}
      <select name={name} defaultValue={values[name] ?? ''} className={field}>
        <option value="">{t('filters.any')}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      method="get"
      action="/admin/products"
      aria-label={t('filters.label')}
      className="mb-4 grid gap-3 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink sm:col-span-2">
        {t('filters.q')}
        <input type="search" name="q" defaultValue={values.q ?? ''} className={field} />
      </label>
      {select(
        'category',
        t('filters.category'),
        categories.map((c) => [c._id, c.name]),
      )}
      {select(
        'brand',
        t('filters.brand'),
        brands.map((b) => [b._id, b.name]),
      )}
      {select('published', t('filters.published'), [
        ['true', t('filters.publishedYes')],
        ['false', t('filters.publishedNo')],
      ])}
      {select('stock', t('filters.stock'), [
        ['low', t('filters.stockLow')],
        ['out', t('filters.stockOut')],
        ['in', t('filters.stockIn')],
      ])}
      {select('customisation', t('filters.customisation'), [
        ['none', t('filters.customisationNone')],
        ['any', t('filters.customisationAny')],
        ['text', t('filters.customisationText')],
        ['image', t('filters.customisationImage')],
        ['both', t('filters.customisationBoth')],
      ])}
      {select('flag', t('filters.flag'), [
        ['featured', t('filters.flagFeatured')],
        ['flash_sale', t('filters.flagFlashSale')],
        ['new_arrival', t('filters.flagNewArrival')],
        ['unique', t('filters.flagUnique')],
        ['on_selling', t('filters.flagOnSelling')],
        ['no_cod', t('filters.flagNoCod')],
      ])}
      <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
        {t('filters.sort')}
        <select name="sort" defaultValue={values.sort ?? 'updated'} className={field}>
          <option value="updated">{t('filters.sortUpdated')}</option>
          <option value="newest">{t('filters.sortNewest')}</option>
          <option value="name">{t('filters.sortName')}</option>
          <option value="price_asc">{t('filters.sortPriceAsc')}</option>
          <option value="price_desc">{t('filters.sortPriceDesc')}</option>
          <option value="stock_asc">{t('filters.sortStockAsc')}</option>
        </select>
      </label>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="inline-flex min-h-11 items-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-strong">
          {t('filters.apply')}
        </button>
        <Link href="/admin/products" className="inline-flex min-h-11 items-center rounded-full border border-line px-5">
          {t('filters.clear')}
        </Link>
      </div>
    </form>
  );
}
