'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { showToast } from '@modules/common/show-toast';
import type { ActionResult } from '@modules/admin/lib/result';

/**
 * One inbox action (mark handled, approve, hide): runs the server action, says how it went in a toast (and beside
 * the button when refused), then refreshes the list.
 */
export function ActionButton({
  label,
  done,
  run,
  tone = 'plain',
}: {
  label: string;
  done: string;
  run: () => Promise<ActionResult<unknown>>;
  tone?: 'primary' | 'plain' | 'danger';
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const click = async () => {
    setBusy(true);
    setRefusal(null);
    const result = await run();
    setBusy(false);
    if (!result.ok) {
      setRefusal(result.message);
      void showToast('error', result.message);
      return;
    }
    void showToast('success', done);
    router.refresh();
  };
  const style =
    tone === 'primary' ? 'bg-brand text-white' : tone === 'danger' ? 'border border-danger/40 text-danger' : 'border border-line text-ink hover:bg-surface';
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void click()}
        className={`min-h-11 rounded-full px-4 text-sm font-semibold disabled:opacity-60 ${style}`}
      >
        {label}
      </button>
      {refusal ? (
        <span role="alert" className="text-sm text-danger">
          {refusal}
        </span>
      ) : null}
    </span>
  );
}
