'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { confirmCodByCode } from '@lib/api/cod-browser';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { useRefusalText } from '@modules/auth/components/use-refusal-text';
import { failureText } from '@modules/contact/lib/toast';

/**
 * The code from the SMS that confirms a cash-on-delivery order (decision 066), on the order's page. Wrong codes are
 * refused by code in the shopper's language; five wrong ones lock it. Confirmed, the page reloads with the new state.
 */
export function CodCodeForm({ orderId }: { orderId: string }) {
  const t = useTranslations('orders.codConfirm');
  const refusals = useRefusalText();
  const hydrated = useHydrated();
  const router = useRouter();
  const id = useId();
  const [code, setCode] = useState('');
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: boolean }>({ busy: false, error: null, done: false });

  async function submit() {
    if (!/^\d{6}$/.test(code.trim())) {
      setState({ busy: false, error: refusals.text({ code: 'cod_code_invalid', message: '' }), done: false });
      return;
    }
    setState({ busy: true, error: null, done: false });
    try {
      await confirmCodByCode(orderId, code.trim());
      setState({ busy: false, error: null, done: true });
      router.refresh();
    } catch (error) {
      setState({ busy: false, error: failureText(error, refusals.text, t('failed')), done: false });
    }
  }

  if (state.done) return <FormMessage tone="success">{t('done')}</FormMessage>;
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="cod-code-form"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('codeLabel')}
        </label>
        <input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? `${id}-error` : undefined}
          className={`min-h-11 w-36 rounded-lg border bg-white px-3 py-2 text-base tracking-widest ${state.error ? 'border-danger' : 'border-line'}`}
        />
      </div>
      <button
        type="submit"
        disabled={!hydrated || state.busy}
        aria-busy={state.busy || undefined}
        className="min-h-11 rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
      >
        {t('confirm')}
      </button>
      {state.error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-danger">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
