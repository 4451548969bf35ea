'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { refusalMessage } from '@shop/domain/refusals/index';
import { confirmEmailLink, type EmailLinkKind, type EmailLinkPreview, previewEmailLink } from '@lib/api/auth';
import { FormMessage, useHydrated } from './form-controls';
import { RequestNewLinkForm } from './request-new-link-form';
import { useAuthErrorText } from './use-auth-error';

type State =
  | { step: 'checking' }
  | { step: 'ready'; preview: EmailLinkPreview; busy: boolean; failure: string | null }
  /** Expired, used up, or not a link the shop made. */
  | { step: 'unusable' }
  /** The shop could not be asked (offline, rate limited): the link may still be good. */
  | { step: 'unreachable'; text: string };

/** The mailed link's token: in the URL's fragment (`#token=…`), which the browser never sends to any server. */
function tokenInFragment(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') || null;
}

/**
 * The confirm page's body (decision 145): asks the API whose link this is (which uses nothing up) and shows that
 * address with one button. Only the button uses the link (a same-origin POST), then the page goes on to `next`,
 * loading it afresh so everything on it belongs to the account now signed in.
 */
export function EmailLinkConfirm({ kind, next }: { kind: EmailLinkKind; next: string }) {
  const t = useTranslations('auth.emailLink');
  const errorText = useAuthErrorText();
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ step: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const token = tokenInFragment();
    void (token ? previewEmailLink(kind, token) : Promise.resolve(null)).then((result) => {
      if (!current) return;
      if (result?.ok) setState({ step: 'ready', preview: result.data, busy: false, failure: null });
      // A 400 is the link itself (invalid_token, or not even a token); anything else may pass.
      else if (!result || result.status === 400) setState({ step: 'unusable' });
      else setState({ step: 'unreachable', text: errorText.fromFailure(result) });
    });
    return () => {
      current = false;
    };
  }, [kind, attempt, errorText]);

  async function confirm(preview: EmailLinkPreview) {
    const token = tokenInFragment();
    if (!token) {
      setState({ step: 'unusable' });
      return;
    }
    setState({ step: 'ready', preview, busy: true, failure: null });
    const result = await confirmEmailLink(kind, token);
    if (result.ok) {
      // Busy until the next page has loaded: the link is used, there is nothing more to press here. Replaced, so Back
      // does not return to a used link.
      window.location.replace(next);
      return;
    }
    if (result.status === 400) setState({ step: 'unusable' });
    else setState({ step: 'ready', preview, busy: false, failure: errorText.fromFailure(result) });
  }

  if (state.step === 'checking') {
    return (
      <p role="status" className="text-sm text-muted">
        {t('checking')}
      </p>
    );
  }
  if (state.step === 'unusable') {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage tone="error">{errorText.text({ code: 'invalid_token', message: refusalMessage('invalid_token') })}</FormMessage>
        <RequestNewLinkForm kind={kind} next={next} />
      </div>
    );
  }
  if (state.step === 'unreachable') {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage tone="error">{state.text}</FormMessage>
        <button
          type="button"
          onClick={() => {
            setState({ step: 'checking' });
            setAttempt((n) => n + 1);
          }}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-full border border-brand px-6 py-2.5 font-semibold text-brand hover:bg-brand-soft"
        >
          {t('retry')}
        </button>
      </div>
    );
  }

  const { preview, busy, failure } = state;
  const intro = kind === 'magic-link' ? 'signInAs' : preview.change ? 'changeTo' : 'verifyAs';
  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink">{t(intro)}</p>
      {/* An address reads left to right in every language. */}
      <p dir="ltr" className="break-all rounded-lg bg-brand-soft px-3 py-2 text-center font-semibold text-ink">
        {preview.email}
      </p>
      <p className="text-sm text-muted">{t('onlyIfYou')}</p>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <button
        type="button"
        onClick={() => void confirm(preview)}
        disabled={busy || !hydrated}
        aria-busy={busy || undefined}
        className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
      >
        {t(kind === 'magic-link' ? 'signIn' : 'confirm')}
      </button>
      <Link prefetch={false} href="/" className="self-center text-sm font-medium text-brand underline-offset-4 hover:underline">
        {t('notNow')}
      </Link>
    </div>
  );
}
