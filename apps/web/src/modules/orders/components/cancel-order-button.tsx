'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { BrowserApiError } from '@lib/api/browser-client';
import { cancelOrder } from '@lib/api/orders-browser';
import { refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
// Registers the access-token source, so the call carries the bearer token even on a freshly loaded page.
import '@modules/auth/session/session';

interface CancelOrderLabels {
  cancel: string;
  confirm: string;
  yes: string;
  no: string;
  cancelling: string;
  failed: string;
}

/**
 * Cancels an order while the status allows it, after an in-place confirmation. The server returns the stock and
 * the coupon use; the page is then rendered again from the server with the new status. A refusal (too late to
 * cancel, not found) is shown by its code in the visitor's language (decision 037).
 */
export function CancelOrderButton({ orderId, labels }: { orderId: string; labels: CancelOrderLabels }) {
  const router = useRouter();
  const t = useTranslations('refusals') as unknown as RefusalTranslator;
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const yesRef = useRef<HTMLButtonElement>(null);

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await cancelOrder(orderId);
      setConfirming(false);
      router.refresh();
    } catch (caught) {
      const message = caught instanceof BrowserApiError ? refusalText(caught, t, locale) : labels.failed;
      setError(message);
      requestAnimationFrame(() => errorRef.current?.focus());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      {confirming ? (
        <div role="group" aria-label={labels.confirm} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{labels.confirm}</span>
          <button
            ref={yesRef}
            type="button"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void cancel()}
            className="min-h-11 rounded-full bg-danger px-4 font-semibold text-white disabled:opacity-60"
          >
            {busy ? labels.cancelling : labels.yes}
          </button>
          <button type="button" disabled={busy} onClick={() => setConfirming(false)} className="min-h-11 rounded px-2 font-medium text-brand hover:underline">
            {labels.no}
          </button>
        </div>
      ) : (
        <div>
          <button
            type="button"
            onClick={() => {
              setConfirming(true);
              requestAnimationFrame(() => yesRef.current?.focus());
            }}
            className="inline-flex min-h-11 items-center rounded-full border border-danger px-5 font-semibold text-danger hover:bg-danger/10"
          >
            {labels.cancel}
          </button>
        </div>
      )}
      {error ? (
        <p ref={errorRef} tabIndex={-1} role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger focus:outline-none">
          {error}
        </p>
      ) : null}
    </div>
  );
}
