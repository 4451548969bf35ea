'use client';

import type { ImportResult } from '@shop/domain/admin/products';
import { useId, useMemo, useState } from 'react';
import { importProblems, importProducts } from '@lib/api/admin-browser';
import { BrowserApiError } from '@lib/api/browser-client';
import { FormMessage, SubmitButton, useHydrated } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { productsImported } from '../actions';
import { textsOf } from '../lib/client-texts';
import { ImportFailure, type ImportFailureState } from '@modules/admin/components/import-failure';

/**
 * The CSV import: a file and "check only"; the answer is what was (or would be) created and updated, or every
 * problem as a table of row, column and message (nothing was written).
 */
export function ImportForm({ messages }: { messages: Record<string, unknown> }) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const hydrated = useHydrated();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<ImportFailureState | null>(null);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setFailure({ message: t('csv.noFile'), rows: [] });
      return;
    }
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      // Straight to the API through the storefront's /api proxy, with the session cookie (the API checks the role).
      const body = await importProducts(await file.text(), form.get('dryRun') === 'on');
      await productsImported(body);
      setResult(body);
      if (!body.dryRun) void showToast('success', t('csv.done', { created: body.created.length, updated: body.updated.length, rows: body.rows }));
    } catch (error) {
      if (error instanceof BrowserApiError) {
        // The refusal (decision 037) with every problem by row and column beside it.
        setFailure({ message: error.message, rows: importProblems(error) });
        void showToast('error', t('csv.failed'));
        return;
      }
      setFailure({ message: error instanceof Error ? error.message : String(error), rows: [] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4" data-testid="import-form">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('csv.file')}
        </label>
        <input id={id} name="file" type="file" accept=".csv,text/csv" disabled={!hydrated} className="text-base" />
      </div>
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" name="dryRun" disabled={!hydrated} className="h-5 w-5 accent-brand" />
        {t('csv.dryRun')}
      </label>
      <SubmitButton busy={busy} className="sm:w-auto sm:self-start">
        {busy ? t('csv.checking') : t('csv.submit')}
      </SubmitButton>
      {result ? (
        <FormMessage tone="success">
          {result.dryRun
            ? t('csv.checked', { created: result.created.length, updated: result.updated.length, rows: result.rows })
            : t('csv.done', { created: result.created.length, updated: result.updated.length, rows: result.rows })}
        </FormMessage>
      ) : null}
      {failure ? (
        <ImportFailure
          failure={failure}
          labels={{ caption: t('csv.problems'), row: t('csv.row'), column: t('csv.column'), message: t('csv.message') }}
          testId="import-problems"
        />
      ) : null}
    </form>
  );
}
