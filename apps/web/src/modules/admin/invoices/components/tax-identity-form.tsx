'use client';

import { indianStates } from '@shop/domain/address';
import { GST_RATES } from '@shop/domain/admin/products';
import { fieldRefusalsOf } from '@shop/domain/field-errors';
import { taxIdentityInputSchema } from '@shop/domain/gst/tax-identity';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { applyErrors, SelectField, TextAreaField } from '@modules/admin/catalogue/components/fields';
import { saveTaxIdentity } from '../actions';

export interface TaxIdentityValues {
  legalName: string;
  gstin: string;
  address: string;
  state: string;
  invoicePrefix: string;
  signatureName: string;
  /** '' = at the highest rate in the order; else basis points. */
  chargeRate: string;
}

export type TaxIdentityTexts = Record<
  | 'legend'
  | 'intro'
  | 'legalName'
  | 'gstin'
  | 'gstinHint'
  | 'address'
  | 'state'
  | 'invoicePrefix'
  | 'prefixHint'
  | 'signatureName'
  | 'chargeRate'
  | 'chargeHighest'
  | 'save'
  | 'saved'
  | 'failed',
  string
>;

const fields = ['legalName', 'gstin', 'address', 'state', 'invoicePrefix', 'signatureName', 'chargeRate'] as const;

/** The shop's tax identity (issue 21): its own form and route, beside the settings form, so the two never overwrite each other. */
export function TaxIdentityForm({ initial, texts }: { initial: TaxIdentityValues; texts: TaxIdentityTexts }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TaxIdentityValues>({ defaultValues: initial });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = { ...values, chargeRate: values.chargeRate === '' ? null : Number(values.chargeRate) };
    const parsed = taxIdentityInputSchema.safeParse(body);
    if (!parsed.success) {
      applyErrors(fieldRefusalsOf(parsed.error), fields, form.setError);
      return;
    }
    const result = await saveTaxIdentity(body);
    if (!result.ok) {
      applyErrors(result.errors, fields, form.setError);
      setFailure(result.message);
      void showToast('error', texts.failed);
      return;
    }
    void showToast('success', texts.saved);
    router.refresh();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 flex flex-col gap-4" data-testid="tax-identity-form">
      <fieldset className="grid gap-4 rounded-xl border border-line p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 font-display text-lg font-semibold">{texts.legend}</legend>
        <p className="text-sm text-muted sm:col-span-2">{texts.intro}</p>
        <TextField label={texts.legalName} registration={form.register('legalName')} error={errors.legalName?.message} autoComplete="off" />
        <TextField
          label={texts.gstin}
          hint={texts.gstinHint}
          registration={form.register('gstin')}
          error={errors.gstin?.message}
          autoComplete="off"
          dir="ltr"
        />
        <div className="sm:col-span-2">
          <TextAreaField label={texts.address} registration={form.register('address')} error={errors.address?.message} />
        </div>
        <SelectField label={texts.state} registration={form.register('state')} error={errors.state?.message}>
          <option value="">—</option>
          {indianStates.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
        <TextField
          label={texts.invoicePrefix}
          hint={texts.prefixHint}
          registration={form.register('invoicePrefix')}
          error={errors.invoicePrefix?.message}
          autoComplete="off"
          dir="ltr"
        />
        <TextField label={texts.signatureName} registration={form.register('signatureName')} error={errors.signatureName?.message} autoComplete="off" />
        <SelectField label={texts.chargeRate} registration={form.register('chargeRate')} error={errors.chargeRate?.message}>
          <option value="">{texts.chargeHighest}</option>
          {GST_RATES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {rate / 100}%
            </option>
          ))}
        </SelectField>
      </fieldset>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto sm:self-start">
        {texts.save}
      </SubmitButton>
    </form>
  );
}
