'use client';

import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { CodedText } from '@lib/api/refusal';

/** Small labelled controls the catalogue forms share with the shop's TextField: error tied to the control. */

function Message({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, error?: string, hint?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

export function CheckboxField({ label, registration, error, hint }: { label: string; registration: UseFormRegisterReturn; error?: string; hint?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="inline-flex min-h-11 items-center gap-3 text-ink">
        <input id={id} type="checkbox" className="size-5 accent-brand" aria-describedby={describedBy(id, error, hint)} {...registration} />
        {label}
      </label>
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  registration,
  error,
  hint,
  children,
  ...select
}: { label: string; registration: UseFormRegisterReturn; error?: string; hint?: string; children: ReactNode } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'name'
>) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`min-h-11 rounded-lg border bg-white px-3 py-2 text-base ${error ? 'border-danger' : 'border-line'}`}
        {...select}
        {...registration}
      >
        {children}
      </select>
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  label,
  registration,
  error,
  hint,
  ...area
}: { label: string; registration: UseFormRegisterReturn; error?: string; hint?: string } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`rounded-lg border bg-white px-3 py-2 text-base ${error ? 'border-danger' : 'border-line'}`}
        {...area}
        {...registration}
      />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

/** Puts the API's field refusals beside the form's fields (only for fields the form has): code as type, English text. */
export function applyErrors(
  errors: Record<string, CodedText> | undefined,
  fields: readonly string[],
  setError: (field: never, error: { type: string; message: string }) => void,
) {
  for (const [field, error] of Object.entries(errors ?? {})) if (fields.includes(field)) setError(field as never, { type: error.code, message: error.message });
}

/** Each field's English text (the back office shows the API's messages as they are). */
export function fieldMessages(errors: Record<string, CodedText> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, error]) => [field, error.message]));
}
