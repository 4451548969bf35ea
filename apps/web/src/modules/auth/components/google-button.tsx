'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { getSignInMethods, signInWithGoogle } from '@lib/api/auth';
import { FormMessage } from './form-controls';
import { useAuthErrorText } from './use-auth-error';

/** "Continue with Google", shown only when GET /api/sign-in-methods says Google is configured. */
export function GoogleButton({ next }: { next: string | null }) {
  const t = useTranslations('auth.google');
  const errorText = useAuthErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const { data } = useQuery({ queryKey: ['sign-in-methods'], queryFn: getSignInMethods, staleTime: 5 * 60_000 });
  async function continueWithGoogle() {
    setFailure(null);
    // On success the client navigates to Google; we only handle a refusal.
    const result = await signInWithGoogle(next ?? `${window.location.pathname}${window.location.search}`);
    if (!result.ok) setFailure(errorText.fromFailure(result));
  }
  if (!data?.google) return null;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={() => void continueWithGoogle()}
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-line bg-white px-6 py-2.5 font-semibold text-ink hover:bg-surface"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
          <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6C12.4 13.4 17.7 9.5 24 9.5z" />
          <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4 7.1-10 7.1-17.5z" />
          <path fill="#FBBC05" d="M10.5 28.8c-.5-1.5-.8-3.1-.8-4.8s.3-3.3.8-4.8l-7.8-6C1 16.5 0 20.1 0 24s1 7.5 2.7 10.8l7.8-6z" />
          <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-3.9-13.5-9.5l-7.8 6C6.6 42.6 14.6 48 24 48z" />
        </svg>
        {t('continue')}
      </button>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <p className="text-center text-xs uppercase tracking-wide text-muted">{t('or')}</p>
    </div>
  );
}
