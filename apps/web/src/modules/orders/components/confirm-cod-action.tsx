'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { confirmCodByLink } from '@lib/api/cod-browser';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { useRefusalText } from '@modules/auth/components/use-refusal-text';
import { failureText } from '@modules/contact/lib/toast';

/**
 * The button behind the SMS's confirmation link (decision 066). The page asks for a click rather than confirming on
 * load, so a link preview or scanner that opens the link confirms nothing.
 */
export function ConfirmCodAction({ token }: { token: string }) {
  const t = useTranslations('orders.codConfirm');
  const hydrated = useHydrated();
  const refusals = useRefusalText();
  const [state, setState] = useState<{ status: 'idle' | 'busy' } | { status: 'done'; number: string } | { status: 'failed'; message: string }>({
    status: 'idle',
  });

  async function run() {
    setState({ status: 'busy' });
    try {
      const confirmed = await confirmCodByLink(token);
      setState({ status: 'done', number: confirmed.number });
    } catch (error) {
      setState({ status: 'failed', message: failureText(error, refusals.text, t('failed')) });
    }
  }

  if (state.status === 'done') {
    return (
      <div className="flex flex-col items-center gap-4">
        <FormMessage tone="success">{t('linkDone', { number: state.number })}</FormMessage>
        <Link prefetch={false} href="/my-account/orders" className="min-h-11 rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong">
          {t('myOrders')}
        </Link>
      </div>
    );
  }
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
        {t('linkButton')}
      </button>
    </div>
  );
}
