'use client';

import { useId, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useHydrated } from '@modules/auth/components/form-controls';

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'onChange' | 'onBlur'> {
  label: string;
  registration: UseFormRegisterReturn;
  /** Already translated. */
  error?: string;
}

/** A labelled multi-line field, its error tied to it and announced (the TextField of the sign-in forms, for longer text). */
export function TextArea({ label, registration, error, className = '', disabled, rows = 5, ...rest }: TextAreaProps) {
  const id = useId();
  const hydrated = useHydrated();
  const errorId = `${id}-error`;
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/20 ${error ? 'border-danger' : 'border-line'}`}
        {...rest}
        {...registration}
        disabled={disabled || !hydrated}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
