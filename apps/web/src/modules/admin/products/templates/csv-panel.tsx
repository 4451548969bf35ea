import Link from 'next/link';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { ImportForm } from '../components/import-form';
import { exportQueryOf, type ProductFilterValues } from '../lib/products-api';

/**
 * /admin/products/import: the export (a plain download link to the API through the storefront's /api proxy, with the
 * list's filters; the session cookie goes with it and the API checks the role) and the import form.
 */
export function CsvPanel({ values, t, messages }: { values: ProductFilterValues; t: AdminTranslate; messages: Record<string, unknown> }) {
  const query = exportQueryOf(values);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/products" className="text-brand hover:underline">
          ← {t('form.back')}
        </Link>
      </p>
      <AdminHeading title={t('csv.title')} intro={t('csv.intro')} />
      <div className="flex flex-col gap-6">
        <section className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:p-6">
          <h2 className="font-display text-lg font-semibold">{t('csv.export')}</h2>
          <p className="text-sm text-muted">{t('csv.exportHint')}</p>
          <a
            href={`/api/admin/products/export${query ? `?${query}` : ''}`}
            download
            className="inline-flex min-h-11 items-center self-start rounded-full border border-line px-5 font-medium hover:bg-surface"
          >
            {t('csv.exportAll')}
          </a>
        </section>
        <section className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:p-6">
          <h2 className="font-display text-lg font-semibold">{t('csv.import')}</h2>
          <ImportForm messages={messages} />
        </section>
      </div>
    </>
  );
}
