'use client';

import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useHydrated } from '@modules/auth/components/form-controls';

interface StarInputProps {
  legend: string;
  /** Accessible name of each choice, e.g. "4 stars" (index 0 is one star). */
  labels: string[];
  /** From register('rating'); validate it with `formRating` (../lib/form-rating.ts). */
  registration: UseFormRegisterReturn;
  error?: string;
}

/** 1–5 stars as a radio group: keyboard and screen readers work as with any radio group. */
export function StarInput({ legend, labels, registration, error }: StarInputProps) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-row-reverse justify-end gap-1" dir="ltr">
        {[5, 4, 3, 2, 1].map((n) => (
          <label key={n} className="group cursor-pointer">
            <input type="radio" value={n} className="peer sr-only" {...registration} disabled={!hydrated} aria-label={labels[n - 1]} />
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="h-8 w-8 text-line peer-checked:text-accent peer-focus-visible:ring-2 peer-focus-visible:ring-brand hover:text-accent"
              fill="currentColor"
            >
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
            </svg>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
