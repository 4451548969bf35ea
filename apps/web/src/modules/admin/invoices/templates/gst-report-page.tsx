import type { GstReportSummary } from '@shop/domain/gst/api';
import { reportMonthSchema } from '@shop/domain/gst/report';
import { formatInr } from '@shop/domain/money';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { adminGstReport } from '../lib/invoices-api';
import { invoiceAdminTexts } from '../lib/texts';

/** The month asked for (YYYY-MM), this month in India when none; `invalid` when it is not a month. */
export function reportMonthOf(value: string | string[] | undefined): { month: string; invalid: boolean } {
  const current = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date());
  if (typeof value !== 'string' || value === '') return { month: current, invalid: false };
  return reportMonthSchema.safeParse(value).success ? { month: value, invalid: false } : { month: current, invalid: true };
}

const SECTIONS = ['b2cs', 'b2cl', 'hsn', 'docs', 'register'] as const;

function RateTable({
  id,
  caption,
  rows,
  total,
  t,
}: {
  id: string;
  caption: string;
  rows: GstReportSummary['net']['byRate'];
  total: GstReportSummary['net']['total'];
  t: AdminTranslate;
}) {
  const cell = 'px-2 py-2 text-end tabular-nums';
  return (
    <table className="w-full min-w-[36rem] text-sm" aria-labelledby={id}>
      <caption id={id} className="mb-2 text-start text-base font-semibold">
        {caption}
      </caption>
      <thead>
        <tr className="border-b border-line text-muted">
          <th scope="col" className="px-2 py-2 text-start font-medium">
            {t('report.rate')}
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            {t('report.taxable')}
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            {t('report.cgst')}
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            {t('report.sgst')}
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            {t('report.igst')}
          </th>
          <th scope="col" className={`${cell} font-medium`}>
            {t('report.value')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.length === 0 ? (
          <tr>
            <td colSpan={6} className="px-2 py-3 text-muted">
              {t('report.empty')}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.rate}>
              <th scope="row" className="px-2 py-2 text-start font-normal">{`${row.rate / 100}%`}</th>
              <td className={cell}>{formatInr(row.taxable)}</td>
              <td className={cell}>{formatInr(row.cgst)}</td>
              <td className={cell}>{formatInr(row.sgst)}</td>
              <td className={cell}>{formatInr(row.igst)}</td>
              <td className={cell}>{formatInr(row.amount)}</td>
            </tr>
          ))
        )}
      </tbody>
      <tfoot>
        <tr className="border-t border-line font-semibold">
          <th scope="row" className="px-2 py-2 text-start">
            {t('report.total')}
          </th>
          <td className={cell}>{formatInr(total.taxable)}</td>
          <td className={cell}>{formatInr(total.cgst)}</td>
          <td className={cell}>{formatInr(total.sgst)}</td>
          <td className={cell}>{formatInr(total.igst)}</td>
          <td className={cell}>{formatInr(total.amount)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/**
 * The GST report page (issue 21): totals by rate for the month's invoices, credit notes and the net, the series used,
 * and the GSTR-1 CSV downloads. In the storefront's language and direction (decision 069), inside the English frame.
 */
export async function GstReportPage({ month }: { month: { month: string; invalid: boolean } }) {
  const [{ t, locale, dir }, report] = await Promise.all([invoiceAdminTexts('storefront'), adminGstReport(month.month)]);
  const exportUrl = (section?: string) => `/api/admin/gst-report/export?month=${month.month}${section ? `&section=${section}` : ''}`;
  return (
    <div lang={locale} dir={dir}>
      <AdminHeading title={t('report.title')} intro={t('report.intro')} />
      <form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="gst-month" className="text-sm font-medium text-ink">
            {t('report.month')}
          </label>
          <input
            id="gst-month"
            type="month"
            name="month"
            defaultValue={month.month}
            dir="ltr"
            className="min-h-11 rounded-lg border border-line bg-white px-3 py-2"
            aria-describedby={month.invalid ? 'gst-month-error' : undefined}
            aria-invalid={month.invalid || undefined}
          />
        </div>
        <button type="submit" className="min-h-11 rounded-lg bg-brand px-4 py-2 font-medium text-white">
          {t('report.show')}
        </button>
        {month.invalid ? (
          <p id="gst-month-error" role="alert" className="w-full text-sm text-danger">
            {t('report.monthInvalid')}
          </p>
        ) : null}
      </form>
      <p className="mb-4 text-muted">{t('report.counts', { month: month.month, invoices: report.invoices.count, creditNotes: report.creditNotes.count })}</p>
      {/* On a phone the tables scroll sideways: a named, focusable region, so the keyboard can scroll it too (axe:
          scrollable-region-focusable). */}
      <div className="flex flex-col gap-8 overflow-x-auto" tabIndex={0} role="region" aria-label={t('report.tables')}>
        <RateTable id="gst-net" caption={t('report.net')} rows={report.net.byRate} total={report.net.total} t={t} />
        <RateTable id="gst-invoices" caption={t('report.invoices')} rows={report.invoices.byRate} total={report.invoices.total} t={t} />
        <RateTable id="gst-credit-notes" caption={t('report.creditNotes')} rows={report.creditNotes.byRate} total={report.creditNotes.total} t={t} />
      </div>
      <section aria-labelledby="gst-series" className="mt-8">
        <h2 id="gst-series" className="mb-2 text-base font-semibold">
          {t('report.series')}
        </h2>
        {report.docs.length === 0 ? (
          <p className="text-muted">{t('report.empty')}</p>
        ) : (
          <ul className="text-sm">
            {report.docs.map((row) => (
              <li key={row.nature}>
                {row.nature === 'Credit Note' ? t('report.creditNotes') : t('report.invoices')}: <bdi dir="ltr">{row.from}</bdi> – <bdi dir="ltr">{row.to}</bdi>{' '}
                ({row.total})
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="gst-downloads" className="mt-8">
        <h2 id="gst-downloads" className="mb-2 text-base font-semibold">
          {t('report.downloads')}
        </h2>
        <ul className="flex flex-wrap gap-3 text-sm">
          <li>
            <a
              href={exportUrl()}
              download
              className="inline-block rounded-lg border border-brand px-3 py-2 font-medium text-brand hover:bg-brand hover:text-white"
            >
              {t('report.downloadAll')}
            </a>
          </li>
          {SECTIONS.map((section) => (
            <li key={section}>
              <a href={exportUrl(section)} download className="inline-block rounded-lg border border-line px-3 py-2 font-medium text-ink hover:border-brand">
                {t(`report.section.${section}`)}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
