'use client';

import { useId, useMemo, useRef, useState } from 'react';
import { importProblems, importServiceability, type ServiceabilityImportResult } from '@lib/api/admin-browser';
import { BrowserApiError } from '@lib/api/browser-client';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { textsOf } from '@modules/admin/products/lib/client-texts';
import { ImportFailure, type ImportFailureState } from '@modules/admin/components/import-failure';

/**
 * A courier's serviceability file (issue 22, decision 081): "Preview" asks the API for a dry run and shows what the file
 * would do (counts, pincodes the directory lacks); "Import" applies it. A file with problems is refused whole, and
 * every problem is listed by line and column. Straight to the API through the storefront's /api proxy (a file may be
 * larger than a server action takes), with the session cookie; the API checks the admin role.
 */
export function ServiceabilityImportForm({ messages }: { messages: Record<string, unknown> }) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const hydrated = useHydrated();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ServiceabilityImportResult | null>(null);
  const [failure, setFailure] = useState<ImportFailureState | null>(null);

  const run = async (dryRun: boolean) => {
    const form = new FormData(formRef.current!);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setFailure({ message: t('import.noFile'), rows: [] });
      return;
    }
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      const mode = form.get('mode') === 'replace' ? 'replace' : 'update';
      const answer = await importServiceability(await file.text(), mode, dryRun);
      setResult(answer);
      if (!answer.dryRun) void showToast('success', t('import.done'));
    } catch (error) {
      if (error instanceof BrowserApiError) {
        setFailure({ message: error.message, rows: importProblems(error) });
        void showToast('error', t('import.failed'));
        return;
      }
      setFailure({ message: error instanceof Error ? error.message : String(error), rows: [] });
    } finally {
      setBusy(false);
    }
  };

  const button = 'inline-flex min-h-11 items-center justify-center rounded-full px-6 font-semibold disabled:opacity-60';
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        void run(false);
      }}
      noValidate
      className="flex flex-col gap-4"
      data-testid="serviceability-import"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('import.file')}
        </label>
        <input id={id} name="file" type="file" accept=".csv,text/csv,text/plain" disabled={!hydrated} className="text-base" />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">{t('import.mode')}</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input type="radio" name="mode" value="update" defaultChecked disabled={!hydrated} className="h-5 w-5 accent-brand" />
          {t('import.update')}
        </label>
        <label className="flex min-h-11 items-center gap-3">
          <input type="radio" name="mode" value="replace" disabled={!hydrated} className="h-5 w-5 accent-brand" />
          {t('import.replace')}
        </label>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => void run(true)} disabled={busy || !hydrated} className={`${button} border border-line hover:bg-surface`}>
          {busy ? t('import.checking') : t('import.preview')}
        </button>
        <button type="submit" disabled={busy || !hydrated} className={`${button} bg-brand text-white hover:bg-brand-strong`}>
          {t('import.submit')}
        </button>
      </div>
      {result ? <ImportSummary result={result} t={t} /> : null}
      {failure ? (
        <ImportFailure
          failure={failure}
          labels={{ caption: t('import.problems'), row: t('import.row'), column: t('import.column'), message: t('import.message') }}
          testId="serviceability-problems"
        />
      ) : null}
    </form>
  );
}

function ImportSummary({ result, t }: { result: ServiceabilityImportResult; t: ReturnType<typeof textsOf> }) {
  const counts: [string, number][] = [
    [t('import.rows'), result.rows],
    [t('import.updated'), result.updated],
    [t('import.serviceable'), result.serviceable],
    [t('import.cod'), result.cod],
    [t('import.switchedOff'), result.switchedOff],
    [t('import.unknown'), result.unknown],
  ];
  return (
    <section aria-label={t('import.result')} className="flex flex-col gap-2" data-testid="serviceability-result">
      <FormMessage tone="success">{result.dryRun ? t('import.previewDone') : t('import.done')}</FormMessage>
      <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        {counts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="text-end font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {result.unknownPincodes.length > 0 ? <p className="text-sm text-muted">{t('import.unknownList', { list: result.unknownPincodes.join(', ') })}</p> : null}
    </section>
  );
}
