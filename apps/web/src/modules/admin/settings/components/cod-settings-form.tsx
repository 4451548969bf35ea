'use client';

import type { AdminSettings } from '@shop/domain/admin/settings';
import { codSettingsSchema } from '@shop/domain/cod/cod-settings';
import { fieldRefusalsOf } from '@shop/domain/field-errors';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { applyErrors, SelectField, TextAreaField } from '@modules/admin/catalogue/components/fields';
import { saveSettings } from '../actions';
import { codBodyOf, codFieldErrors, codFormFields, type CodFormValues, codFormValuesOf } from '../lib/cod-form-values';

export type CodSettingsFormTexts = Record<
  | 'title'
  | 'intro'
  | 'fee'
  | 'feeHint'
  | 'maxOrderValue'
  | 'maxOrderValueHint'
  | 'blockedPincodes'
  | 'blockedPincodesHint'
  | 'maxOpenOrders'
  | 'maxOpenOrdersHint'
  | 'prepaidPercent'
  | 'prepaidPercentHint'
  | 'prepaidCap'
  | 'confirmation'
  | 'confirmationHint'
  | 'confirmationOff'
  | 'confirmationSmsCode'
  | 'confirmationLink'
  | 'confirmWithinHours'
  | 'confirmWithinHoursHint'
  | 'save'
  | 'saved'
  | 'failed',
  string
>;

/**
 * The cash-on-delivery controls (issue 20, decision 065), beside the other settings and saved through the same
 * PUT /api/admin/settings with the shop's other settings as they were loaded. Amounts in rupees here, paise in the API.
 */
export function CodSettingsForm({ settings, texts }: { settings: AdminSettings; texts: CodSettingsFormTexts }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CodFormValues>({ defaultValues: codFormValuesOf(settings.cod) });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const cod = codBodyOf(values);
    const parsed = codSettingsSchema.safeParse(cod);
    if (!parsed.success) {
      applyErrors(codFieldErrors(fieldRefusalsOf(parsed.error)), codFormFields, form.setError);
      return;
    }
    const { updatedAt: _updatedAt, cod: _cod, ...rest } = settings;
    const result = await saveSettings({ ...rest, chatWidgetId: rest.chatWidgetId ?? '', analyticsId: rest.analyticsId ?? '', cod });
    if (!result.ok) {
      applyErrors(codFieldErrors(result.errors), codFormFields, form.setError);
      setFailure(result.message);
      void showToast('error', texts.failed);
      return;
    }
    void showToast('success', texts.saved);
    router.refresh();
  });

  const section = 'grid gap-4 rounded-xl border border-line p-4 sm:grid-cols-2 sm:p-6';
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-8 flex flex-col gap-6" data-testid="cod-settings-form">
      <fieldset className={section}>
        <legend className="px-1 font-display text-lg font-semibold">{texts.title}</legend>
        <p className="text-sm text-muted sm:col-span-2">{texts.intro}</p>
        <TextField label={texts.fee} hint={texts.feeHint} registration={form.register('fee')} error={errors.fee?.message} inputMode="decimal" adornment="₹" />
        <TextField
          label={texts.maxOrderValue}
          hint={texts.maxOrderValueHint}
          registration={form.register('maxOrderValue')}
          error={errors.maxOrderValue?.message}
          inputMode="decimal"
          adornment="₹"
        />
        <div className="sm:col-span-2">
          <TextAreaField
            label={texts.blockedPincodes}
            hint={texts.blockedPincodesHint}
            registration={form.register('blockedPincodes')}
            error={errors.blockedPincodes?.message}
            dir="ltr"
          />
        </div>
        <TextField
          label={texts.maxOpenOrders}
          hint={texts.maxOpenOrdersHint}
          registration={form.register('maxOpenOrders')}
          error={errors.maxOpenOrders?.message}
          inputMode="numeric"
        />
        <div />
        <TextField
          label={texts.prepaidPercent}
          hint={texts.prepaidPercentHint}
          registration={form.register('prepaidPercent')}
          error={errors.prepaidPercent?.message}
          inputMode="numeric"
          adornment="%"
        />
        <TextField label={texts.prepaidCap} registration={form.register('prepaidCap')} error={errors.prepaidCap?.message} inputMode="decimal" adornment="₹" />
        <SelectField label={texts.confirmation} hint={texts.confirmationHint} registration={form.register('confirmation')} error={errors.confirmation?.message}>
          <option value="off">{texts.confirmationOff}</option>
          <option value="sms_code">{texts.confirmationSmsCode}</option>
          <option value="link">{texts.confirmationLink}</option>
        </SelectField>
        <TextField
          label={texts.confirmWithinHours}
          hint={texts.confirmWithinHoursHint}
          registration={form.register('confirmWithinHours')}
          error={errors.confirmWithinHours?.message}
          inputMode="numeric"
        />
      </fieldset>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto sm:self-start">
        {texts.save}
      </SubmitButton>
    </form>
  );
}
