'use client';

import { useId, useRef, useState } from 'react';
import { showToast } from '@modules/common/show-toast';
import { uploadOrderProof } from '../actions';

interface ProofUploadTexts {
  file: string;
  note: string;
  upload: string;
  uploading: string;
  done: string;
}

/** Staff upload the next proof version with an optional note (issue 24); the customer is then asked to answer it. */
export function ProofUploadForm({ orderId, texts }: { orderId: string; texts: ProofUploadTexts }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(form: HTMLFormElement) {
    setBusy(true);
    setError(null);
    const result = await uploadOrderProof(orderId, new FormData(form));
    setBusy(false);
    if (!result.ok) {
      const message = Object.values(result.errors ?? {})[0]?.message ?? result.message;
      setError(message);
      void showToast('error', message);
      return;
    }
    form.reset();
    void showToast('success', texts.done);
  }

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
      className="flex flex-col gap-3"
      data-testid="proof-upload"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          {texts.file}
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          required
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="text-sm"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          {texts.note}
        </label>
        <textarea id={`${id}-note`} name="note" rows={2} maxLength={500} className="rounded-lg border border-line px-3 py-2 text-base" />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-11 items-center self-start rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
      >
        {busy ? texts.uploading : texts.upload}
      </button>
    </form>
  );
}
