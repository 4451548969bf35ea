'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addressInputSchema, indianStates } from '@shop/domain/address';
import type { AddressFields, SavedAddress } from '@lib/api/addresses';
import type { CodedText } from '@lib/api/refusal';
import { FormMessage, SubmitButton, TextButton, TextField } from '@modules/auth/components/form-controls';
import { REFUSAL_ERROR, useRefusalText } from '@modules/auth/components/use-refusal-text';
import { usePincodeAutofill } from '@modules/delivery/components/use-pincode-autofill';

type Input = z.input<typeof addressInputSchema>;
type Output = z.output<typeof addressInputSchema>;

const empty: Input = { name: '', mobile: '', line1: '', line2: '', landmark: '', city: '', state: '', pincode: '', isDefault: false };

function fromSaved(address: SavedAddress): Input {
  return {
    name: address.name,
    mobile: address.mobile,
    line1: address.line1,
    line2: address.line2 ?? '',
    landmark: address.landmark ?? '',
    city: address.city,
    state: address.state,
    pincode: address.pincode,
    isDefault: address.isDefault,
  };
}

interface AddressFormProps {
  address?: SavedAddress;
  /** Saves and resolves to the API's per-field refusals (if any); rejects with a message otherwise. */
  onSave: (input: AddressFields) => Promise<Record<string, CodedText> | void>;
  onCancel: () => void;
  failure: string | null;
  /**
   * Focus the first field when the form appears (default): right when a click on "Add" or "Edit" opened it. A form
   * that appears by itself (checkout without a saved address) passes false: focus moves only on the shopper's action.
   */
  autoFocus?: boolean;
}

/**
 * Add or edit a saved address. The rules are the domain's (packages/domain address.ts), the same ones the API
 * applies; their refusal codes are shown in the visitor's language (decision 037). Needs the `refusals` namespace
 * with the account area's codes.
 */
export function AddressForm({ address, onSave, onCancel, failure, autoFocus = true }: AddressFormProps) {
  const t = useTranslations('account.addresses');
  const refusals = useRefusalText();
  const message = refusals.field;
  const stateId = useId();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(addressInputSchema), defaultValues: address ? fromSaved(address) : empty });
  const { errors } = form.formState;

  useEffect(() => {
    if (autoFocus) form.setFocus('name');
  }, [form, autoFocus]);

  // Issue 22: city and state fill in from the pincode; a pincode we do not deliver to is refused before saving.
  const unserviceable = usePincodeAutofill(form, refusals.text);
  // The form's own checks replace its errors on submit; a pincode we do not deliver to stays refused beside them.
  const keepPincodeRefusal = () => void unserviceable();

  const onSubmit = form.handleSubmit(async (values) => {
    if (unserviceable()) return;
    const fieldErrors = await onSave(values);
    if (fieldErrors) {
      for (const [field, refusal] of Object.entries(fieldErrors)) form.setError(field as keyof Input, { type: REFUSAL_ERROR, message: refusals.text(refusal) });
    }
  }, keepPincodeRefusal);

  const stateError = message(errors.state);
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      aria-label={address ? t('editTitle') : t('addTitle')}
    >
      <TextField label={t('name')} autoComplete="name" registration={form.register('name')} error={message(errors.name)} />
      <TextField
        label={t('mobile')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        dir="ltr"
        registration={form.register('mobile')}
        error={message(errors.mobile)}
      />
      <TextField
        className="sm:col-span-2"
        label={t('line1')}
        autoComplete="address-line1"
        registration={form.register('line1')}
        error={message(errors.line1)}
      />
      <TextField
        className="sm:col-span-2"
        label={t('line2')}
        autoComplete="address-line2"
        registration={form.register('line2')}
        error={message(errors.line2)}
      />
      <TextField className="sm:col-span-2" label={t('landmark')} registration={form.register('landmark')} error={message(errors.landmark)} />
      <TextField label={t('city')} autoComplete="address-level2" registration={form.register('city')} error={message(errors.city)} />
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={stateId} className="text-sm font-medium text-ink">
          {t('state')}
        </label>
        <select
          id={stateId}
          autoComplete="address-level1"
          aria-invalid={stateError ? true : undefined}
          aria-describedby={stateError ? `${stateId}-error` : undefined}
          className={`min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base ${stateError ? 'border-danger' : 'border-line'}`}
          {...form.register('state')}
        >
          <option value="">{t('statePlaceholder')}</option>
          {indianStates.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </select>
        {stateError ? (
          <p id={`${stateId}-error`} role="alert" className="text-sm text-danger">
            {stateError}
          </p>
        ) : null}
      </div>
      <TextField
        label={t('pincode')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        dir="ltr"
        registration={form.register('pincode')}
        error={message(errors.pincode)}
      />
      <label className="flex min-h-11 items-center gap-2 self-end text-sm sm:col-span-2">
        <input type="checkbox" className="h-5 w-5 accent-brand" {...form.register('isDefault')} />
        {t('makeDefault')}
      </label>
      {failure ? (
        <div className="sm:col-span-2">
          <FormMessage tone="error">{failure}</FormMessage>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto">
          {t('save')}
        </SubmitButton>
        <TextButton onClick={onCancel}>{t('cancel')}</TextButton>
      </div>
    </form>
  );
}
