'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { showToast } from '@modules/common/show-toast';
import type { ActionResult } from '@modules/admin/lib/result';

/**
 * Delete with a confirmation step. The API's refusal (a category with products, a used coupon…) is shown beside the
 * button and as a toast, so the staff member learns what to do instead.
 */
export function DeleteButton({
  run,
  texts,
  redirectTo,
}: {
  run: () => Promise<ActionResult<unknown>>;
  texts: { delete: string; confirm: string; cancel: string; deleted: string };
  redirectTo?: string;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    const result = await run();
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setRefusal(result.message);
      void showToast('error', result.message);
      return;
    }
    void showToast('success', texts.deleted);
    if (redirectTo) router.push(redirectTo);
    else router.refresh();
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        {confirming ? (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => void remove()}
              className="min-h-11 rounded-full bg-danger px-4 text-sm font-semibold text-white disabled:opacity-60"
            >
              {texts.confirm}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className="min-h-11 rounded-full border border-line px-4 text-sm font-medium">
              {texts.cancel}
            </button>
          </>
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="min-h-11 rounded-full border border-danger/40 px-4 text-sm font-medium text-danger"
          >
            {texts.delete}
          </button>
        )}
      </div>
      {refusal ? (
        <p role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
