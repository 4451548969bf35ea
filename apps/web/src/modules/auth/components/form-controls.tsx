'use client';

import { useId, useSyncExternalStore, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

const noSubscription = () => () => {};

/**
 * False in the server-rendered HTML, true once React runs. Fields stay disabled until then: text
 * typed before hydration would be invisible to the form (and a server-filled value could be mixed
 * with it), so nobody can type into a form that cannot yet submit.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** Already translated. */
  error?: string;
  hint?: string;
  /** Shown before the input, e.g. the +91 country code. */
  adornment?: ReactNode;
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced. */
export function TextField({ label, registration, error, hint, adornment, className = '', disabled, ...input }: TextFieldProps) {
  const id = useId();
  const hydrated = useHydrated();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {/* A phone number reads left to right in every language, its +91 first. */}
      <div
        dir={input.dir}
        className={`flex items-center rounded-lg border bg-white focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/20 ${error ? 'border-danger' : 'border-line'}`}
      >
        {adornment ? (
          <span className="ps-3 text-ink/80" dir="ltr">
            {adornment}
          </span>
        ) : null}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-h-11 w-full min-w-0 rounded-lg bg-transparent px-3 py-2 text-base outline-none"
          {...input}
          {...registration}
          disabled={disabled || !hydrated}
        />
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ children, busy, className = '' }: { children: ReactNode; busy?: boolean; className?: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={busy || !hydrated}
      aria-busy={busy || undefined}
      className={`inline-flex min-h-11 w-full items-center justify-center rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong disabled:opacity-60 ${className}`}
    >
      {children}
    </button>
  );
}

/** A link-looking button that moves between views or runs a secondary action. */
export function TextButton({ children, onClick, disabled }: { children: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="min-h-11 rounded px-1 font-medium text-brand underline-offset-4 hover:underline disabled:text-muted disabled:no-underline"
    >
      {children}
    </button>
  );
}

/** A form-level message: failures as alerts, confirmations as polite status updates. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = { error: 'bg-danger/10 text-danger', success: 'bg-success/10 text-success', info: 'bg-brand-soft text-ink' }[tone];
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg px-3 py-2 text-sm ${styles}`}>
      {children}
    </p>
  );
}
