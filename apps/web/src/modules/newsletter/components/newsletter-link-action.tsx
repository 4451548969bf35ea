'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { confirmNewsletter, unsubscribeNewsletter } from '@lib/api/engagement-browser';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { useRefusalText } from '@modules/auth/components/use-refusal-text';
import { failureText } from '@modules/contact/lib/toast';

interface NewsletterLinkActionProps {
  action: 'confirm' | 'unsubscribe';
  token: string;
}

/**
 * The button behind a newsletter mail's link. The page asks for a click rather than acting on load, so a mail
 * scanner that opens every link can neither subscribe nor unsubscribe anyone.
 */
export function NewsletterLinkAction({ action, token }: NewsletterLinkActionProps) {
  const t = useTranslations('newsletter');
  const hydrated = useHydrated();
  const refusals = useRefusalText();
  const [state, setState] = useState<{ status: 'idle' | 'busy' | 'done' } | { status: 'failed'; message: string }>({ status: 'idle' });

  async function run() {
    setState({ status: 'busy' });
    try {
      await (action === 'confirm' ? confirmNewsletter(token) : unsubscribeNewsletter(token));
      setState({ status: 'done' });
    } catch (error) {
      // newsletter_token_invalid and the rest, by code in the visitor's language.
      setState({ status: 'failed', message: failureText(error, refusals.text, t('invalidLink')) });
    }
  }

  if (state.status === 'done') {
    return (
      <div className="flex flex-col items-center gap-4">
        <FormMessage tone="success">{t(`${action}.done`)}</FormMessage>
        <Link prefetch={false} href="/" className="min-h-11 rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong">
          {t(`${action}.home`)}
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
        {t(`${action}.button`)}
      </button>
    </div>
  );
}
