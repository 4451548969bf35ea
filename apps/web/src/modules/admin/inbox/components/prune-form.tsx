'use client';

import { errorLogPruneRequestSchema } from '@shop/domain/admin/inbox';
import { firstFieldErrors } from '@shop/domain/field-errors';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { showToast } from '@modules/common/show-toast';
import { pruneErrorLogs } from '../actions';

/** "Delete logs older than N days": one field, checked with the API's own schema before it is sent. */
export function PruneForm({ texts }: { texts: { label: string; submit: string; hint: string } }) {
  const id = useId();
  const router = useRouter();
  const [days, setDays] = useState('30');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = errorLogPruneRequestSchema.safeParse({ olderThanDays: days.trim() === '' ? undefined : Number(days) });
    if (!parsed.success) {
      setError(firstFieldErrors(parsed.error).olderThanDays ?? null);
      return;
    }
    setError(null);
    setBusy(true);
    const result = await pruneErrorLogs(parsed.data.olderThanDays);
    setBusy(false);
    if (!result.ok) {
      setError(result.errors?.olderThanDays?.message ?? result.message);
      return;
    }
    void showToast('success', result.value.message);
    router.refresh();
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-white p-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {texts.label}
        </label>
        <input
          id={id}
          inputMode="numeric"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={`min-h-11 w-32 rounded-lg border bg-white px-3 py-2 text-base ${error ? 'border-danger' : 'border-line'}`}
        />
        <p id={`${id}-hint`} className="text-xs text-muted">
          {texts.hint}
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 rounded-full border border-danger/40 px-4 text-sm font-semibold text-danger disabled:opacity-60"
      >
        {texts.submit}
      </button>
    </form>
  );
}
