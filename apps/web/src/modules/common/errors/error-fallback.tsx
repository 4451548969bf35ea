'use client';

import { useEffect } from 'react';
import { reportError } from './report-error';

interface ErrorFallbackProps {
  error: Error & { digest?: string };
  reset: () => void;
  texts: { message: string; retry: string; home: string };
}

/** What a shopper sees when a page fails to render (spec §2, §8), with a retry. */
export function ErrorFallback({ error, reset, texts }: ErrorFallbackProps) {
  useEffect(() => reportError(error), [error]);
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-soft text-3xl text-brand">
        !
      </span>
      <p className="text-lg font-medium text-ink">{texts.message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" onClick={reset} className="rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-strong">
          {texts.retry}
        </button>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- after a failed render (possibly of the root layout, global-error.tsx) home is a fresh document load, not a client navigation through the broken tree */}
        <a href="/" className="rounded-full border border-line px-6 py-3 font-semibold text-ink hover:border-brand hover:text-brand">
          {texts.home}
        </a>
      </div>
    </div>
  );
}
