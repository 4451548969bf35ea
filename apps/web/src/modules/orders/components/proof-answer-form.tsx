'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { BrowserApiError } from '@lib/api/browser-client';
import { answerProof } from '@lib/api/gifting-browser';
import { refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
// Registers the access-token source, so the call carries the bearer token even on a freshly loaded page.
import '@modules/auth/session/session';

interface ProofAnswerLabels {
  approve: string;
  requestChanges: string;
  comment: string;
  send: string;
  cancel: string;
  sending: string;
  failed: string;
}

/**
 * The customer's answer to the latest proof (issue 24): approve it, or ask for changes with a comment (required).
 * The page is then rendered again from the server; a refusal is shown by its code in the shopper's language.
 */
export function ProofAnswerForm({ orderId, proofId, labels }: { orderId: string; proofId: string; labels: ProofAnswerLabels }) {
  const router = useRouter();
  const t = useTranslations('refusals') as unknown as RefusalTranslator;
  const locale = useLocale();
  const id = useId();
  const [changing, setChanging] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  async function send(decision: 'approve' | 'request_changes') {
    setBusy(true);
    setError(null);
    try {
      await answerProof(orderId, proofId, decision === 'approve' ? { decision } : { decision, comment });
      router.refresh();
    } catch (caught) {
      setError(caught instanceof BrowserApiError ? refusalText(caught, t, locale) : labels.failed);
      requestAnimationFrame(() => (decision === 'request_changes' ? commentRef : errorRef).current?.focus());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 flex flex-col gap-2">
      {changing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send('request_changes');
          }}
          className="flex flex-col gap-2"
        >
          <label htmlFor={`${id}-comment`} className="text-sm font-medium">
            {labels.comment}
          </label>
          <textarea
            ref={commentRef}
            id={`${id}-comment`}
            rows={3}
            maxLength={1000}
            required
            value={comment}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setComment(event.target.value)}
            className="block min-h-11 w-full rounded-lg border border-line px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              disabled={busy}
              className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
            >
              {busy ? labels.sending : labels.send}
            </button>
            <button
              type="button"
              onClick={() => setChanging(false)}
              className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold"
            >
              {labels.cancel}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={() => void send('approve')}
            className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
          >
            {busy ? labels.sending : labels.approve}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              setChanging(true);
              requestAnimationFrame(() => commentRef.current?.focus());
            }}
            className="inline-flex min-h-11 items-center rounded-full border border-line px-5 font-semibold"
          >
            {labels.requestChanges}
          </button>
        </div>
      )}
      {error ? (
        <p ref={errorRef} id={`${id}-error`} tabIndex={-1} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
