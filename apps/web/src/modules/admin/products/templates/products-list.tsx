import { type AdminProductRow, LOW_STOCK_THRESHOLD } from '@shop/domain/admin/products';
import type { Brand, Category, Paginated } from '@shop/domain/catalogue';
import { formatInr } from '@shop/domain/money';
import Link from 'next/link';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { Pager } from '@modules/admin/components/pager';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { ProductFilters } from '../components/product-filters';
import { exportQueryOf, listHref, type ProductFilterValues } from '../lib/products-api';

function StockNote({ stock, t }: { stock: number; t: AdminTranslate }) {
  if (stock <= 0) return <span className="block text-xs font-semibold text-danger">{t('list.outOfStock')}</span>;
  if (stock <= LOW_STOCK_THRESHOLD) return <span className="block text-xs font-semibold text-accent-strong">{t('list.lowStock')}</span>;
  return null;
}

function Status({ published, t }: { published: boolean; t: AdminTranslate }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${published ? 'bg-success/10 text-success' : 'bg-surface text-muted'}`}>
      {published ? t('list.published') : t('list.draft')}
    </span>
  );
}

function Thumb({ product }: { product: AdminProductRow }) {
  const src = product.image?.thumbnail ?? product.image?.original;
  return src ? (
    <img src={src} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-lg object-cover" />
  ) : (
    <span className="h-12 w-12 shrink-0 rounded-lg bg-surface" />
  );
}

/**
 * /admin/products: filters (a GET form), then the products: stacked cards on a phone, a table from the md width up.
 * The export link carries the same filters, so "export what I see" is one click.
 */
export function ProductsList({
  list,
  values,
  categories,
  brands,
  t,
}: {
  list: Paginated<AdminProductRow>;
  values: ProductFilterValues;
  categories: Category[];
  brands: Brand[];
  t: AdminTranslate;
}) {
  const page = Number(values.page ?? 1) || 1;
  const exportQuery = exportQueryOf(values);
  return (
    <>
      <AdminHeading
        title={t('list.title')}
        intro={t('list.intro')}
        actions={
          <>
            <Link
              href="/admin/products/new"
              className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-strong"
            >
              {t('list.new')}
            </Link>
            <Link
              href={`/admin/products/import${exportQuery ? `?${exportQuery}` : ''}`}
              className="inline-flex min-h-11 items-center rounded-full border border-line px-5"
            >
              {t('list.importExport')}
            </Link>
          </>
        }
      />
      <ProductFilters values={values} categories={categories} brands={brands} t={t} />
      <p className="mb-2 text-sm text-muted" role="status">
        {t('list.count', { total: list.total })}
      </p>
      {list.data.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-muted">{t('list.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-3 md:hidden" data-testid="product-cards">
            {list.data.map((product) => (
              <li key={product._id} className="flex gap-3 rounded-xl border border-line bg-white p-4">
                <Thumb product={product} />
                <div className="min-w-0 flex-1">
                  <Link href={`/admin/products/${product._id}`} className="font-semibold text-brand">
                    {product.name}
                  </Link>
                  <p className="text-sm text-muted">{product.category.name}</p>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="font-semibold">{formatInr(product.price)}</span>
                    <span>
                      {product.stock}
                      <StockNote stock={product.stock} t={t} />
                    </span>
                    <Status published={product.published} t={t} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-line bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-line bg-surface text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('list.columns.product')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('list.columns.category')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {t('list.columns.price')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {t('list.columns.stock')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('list.columns.status')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.data.map((product) => (
                  <tr key={product._id} data-product={product.slug}>
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-3">
                        <Thumb product={product} />
                        <div className="min-w-0">
                          <Link href={`/admin/products/${product._id}`} className="font-semibold text-brand hover:underline">
                            {product.name}
                          </Link>
                          <span className="block text-xs text-muted" dir="ltr">
                            {product.slug}
                            {product.variantCount > 0 ? ` · ${t('list.variants', { count: product.variantCount })}` : ''}
                          </span>
                        </div>
                      </div>
                    </td>
                    <td className="px-4 py-3">{product.category.name}</td>
                    <td className="px-4 py-3 text-right font-semibold whitespace-nowrap">{formatInr(product.price)}</td>
                    <td className="px-4 py-3 text-right">
                      {product.stock}
                      <StockNote stock={product.stock} t={t} />
                    </td>
                    <td className="px-4 py-3">
                      <Status published={product.published} t={t} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager
        page={page}
        total={list.total}
        limit={list.limit}
        hasMore={list.hasMore}
        href={(next) => listHref(values, { page: String(next) })}
        t={t}
        section="list"
      />
    </>
  );
}
