'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { BrowserApiError } from '@lib/api/browser-client';
import { unsubscribe } from '@lib/api/messages-browser';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { useRefusalText } from '@modules/auth/components/use-refusal-text';

/**
 * The button behind a marketing mail's unsubscribe link (issue 21). It asks for a click rather than acting on load, so
 * a mail scanner that opens every link unsubscribes no one (mail clients use the List-Unsubscribe one-click POST).
 */
export function UnsubscribeAction({ token }: { token: string }) {
  const t = useTranslations('account.unsubscribe');
  const network = useTranslations('auth.errors');
  const hydrated = useHydrated();
  const refusals = useRefusalText();
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'done' } | { status: 'failed'; message: string }>({ status: 'idle' });

  async function run() {
    setState({ status: 'busy' });
    try {
      await unsubscribe(token);
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof BrowserApiError ? refusals.text(error) : network('network') });
    }
  }

  if (state.status === 'done') return <FormMessage tone="success">{t('done')}</FormMessage>;
  return (
    <div className="flex flex-col items-center gap-4">
      {state.status === 'failed' ? <FormMessage tone="error">{state.message}</FormMessage> : null}
      <button
        type="button"
        onClick={() => void run()}
        disabled={!hydrated || state.status === 'busy'}
        aria-busy={state.status === 'busy' || undefined}
        className="min-h-11 rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
      >
        {t('confirm')}
      </button>
    </div>
  );
}
