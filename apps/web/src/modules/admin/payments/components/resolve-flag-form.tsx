'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useHydrated } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { resolvePaymentFlag } from '../actions';

export interface ResolveFlagTexts {
  note: string;
  submit: string;
  done: string;
  failed: string;
}

/** Staff mark a flagged payment resolved, saying what they did (the API requires the note and audit-logs it). */
export function ResolveFlagForm({ orderId, texts }: { orderId: string; texts: ResolveFlagTexts }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const id = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await resolvePaymentFlag(orderId, { note });
    setBusy(false);
    if (!result.ok) {
      setError(result.errors?.note?.message ?? result.message);
      void showToast('error', texts.failed);
      return;
    }
    void showToast('success', texts.done);
    setNote('');
    router.refresh();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 flex flex-col gap-2" data-testid="resolve-flag-form">
      <label htmlFor={`${id}-note`} className="text-sm font-medium">
        {texts.note}
      </label>
      <textarea
        id={`${id}-note`}
        rows={2}
        maxLength={500}
        value={note}
        disabled={!hydrated}
        onChange={(event) => setNote(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2 text-base"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || !hydrated}
        className="inline-flex min-h-11 items-center self-start rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
      >
        {texts.submit}
      </button>
    </form>
  );
}
