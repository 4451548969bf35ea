'use client';

import { formatInr } from '@shop/domain/money';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';

interface CouponView {
  code: string;
  /** The discount the server gave this cart (0 below the minimum). */
  amount: number | null;
  /** The server's note, e.g. the minimum not reached; already translated. */
  note: string | null;
}

interface CouponFieldProps {
  applied: CouponView | null;
  busy: boolean;
  /** Already translated; the server's refusal. */
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/** The coupon code field: checked by the server against this cart (POST /api/user/coupon), its answer shown as is. */
export function CouponField({ applied, busy, error, onApply, onRemove }: CouponFieldProps) {
  const t = useTranslations('checkout.coupon');
  const id = useId();
  const [code, setCode] = useState('');
  if (applied) {
    return (
      <div className="rounded-lg border border-success/40 bg-success/5 p-3 text-sm" role="status">
        <div className="flex items-center justify-between gap-2">
          <span>
            {t('applied', { code: applied.code })}
            {applied.amount ? <span className="ms-1 font-semibold text-success">−{formatInr(applied.amount)}</span> : null}
          </span>
          <button type="button" onClick={onRemove} className="min-h-11 px-1 font-medium text-brand hover:underline">
            {t('remove')}
          </button>
        </div>
        {applied.note ? <p className="mt-1 text-muted">{applied.note}</p> : null}
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) onApply(code.trim());
      }}
      className="flex flex-col gap-1.5"
    >
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {t('label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base uppercase ${error ? 'border-danger' : 'border-line'}`}
        />
        <button
          type="submit"
          disabled={busy || code.trim() === ''}
          aria-busy={busy || undefined}
          className="min-h-11 shrink-0 rounded-full border border-brand px-5 font-semibold text-brand hover:bg-brand-soft disabled:opacity-60"
        >
          {t('apply')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
