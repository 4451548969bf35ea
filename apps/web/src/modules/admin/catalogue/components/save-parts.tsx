'use client';

import { slugFrom } from '@shop/domain/admin/catalogue';
import { useRouter } from 'next/navigation';
import { useState, type FocusEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import type { CodedText } from '@lib/api/refusal';
import type { ActionResult } from '@modules/admin/lib/result';
import { applyErrors } from './fields';

/**
 * What the catalogue forms (categories, brands, sliders, coupons) share around a save: a refused save puts the API's
 * field errors beside their fields, its message above the button and a toast; the footer shows that message and the
 * submit button.
 */
export function showRefusal(
  refusal: { message: string; errors?: Record<string, CodedText> },
  options: {
    fields: readonly string[];
    setError: (field: never, error: { type: string; message: string }) => void;
    setFailure: (message: string) => void;
    toast: string;
  },
) {
  applyErrors(refusal.errors, options.fields, options.setError);
  options.setFailure(refusal.message);
  void showToast('error', options.toast);
}

/**
 * The save of a category, brand or slide form: refused, the refusal is shown (showRefusal); saved, a toast names it
 * ("{name}" in `texts.saved`) and the page refreshes, or a new one opens its own page.
 */
export function useCatalogueSave<Values, Saved extends { _id: string }>(options: {
  id: string | null;
  area: 'categories' | 'brands' | 'sliders';
  save: (id: string | null, values: Values) => Promise<ActionResult<Saved>>;
  nameOf: (saved: Saved) => string;
  fields: readonly string[];
  setError: (field: never, error: { type: string; message: string }) => void;
  texts: { saved: string; failed: string };
}): { failure: string | null; submit: (values: Values) => Promise<void> } {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: Values) => {
    setFailure(null);
    const result = await options.save(options.id, values);
    if (!result.ok) {
      showRefusal(result, { fields: options.fields, setError: options.setError, setFailure, toast: options.texts.failed });
      return;
    }
    void showToast('success', options.texts.saved.replace('{name}', options.nameOf(result.value)));
    if (options.id) router.refresh();
    else router.push(`/admin/${options.area}/${result.value._id}`);
  };
  return { failure, submit };
}

/** Name and slug, the slug proposed from the name while it is still empty (categories and brands). */
export function NameSlugFields<In extends FieldValues & { name: string; slug: string }, Out>({
  form,
  texts,
}: {
  form: UseFormReturn<In, unknown, Out>;
  texts: { name: string; slug: string; slugHint: string };
}) {
  const errors = form.formState.errors;
  const name = 'name' as Path<In>;
  const slug = 'slug' as Path<In>;
  return (
    <>
      <TextField
        label={texts.name}
        registration={form.register(name, {
          onBlur: (event: FocusEvent<HTMLInputElement>) => {
            if (!form.getValues(slug)) form.setValue(slug, slugFrom(event.target.value) as never);
          },
        })}
        error={errors.name?.message as string | undefined}
        autoComplete="off"
      />
      <TextField
        label={texts.slug}
        hint={texts.slugHint}
        registration={form.register(slug)}
        error={errors.slug?.message as string | undefined}
        autoComplete="off"
        dir="ltr"
      />
    </>
  );
}

export function SaveFooter({ failure, busy, label }: { failure: string | null; busy: boolean; label: string }) {
  return (
    <>
      {failure ? (
        <div className="sm:col-span-2">
          <FormMessage tone="error">{failure}</FormMessage>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <SubmitButton busy={busy} className="sm:w-auto">
          {label}
        </SubmitButton>
      </div>
    </>
  );
}
