'use client';

import { paiseToRupees, rupeesToPaise } from '@shop/domain/admin/catalogue';
import { type AdminSettings, settingsInputSchema } from '@shop/domain/admin/settings';
import { fieldRefusalsOf } from '@shop/domain/field-errors';
import { fieldRefusal } from '@shop/domain/refusals/index';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { applyErrors, TextAreaField } from '@modules/admin/catalogue/components/fields';
import { saveSettings, uploadLogo } from '../actions';

interface Values {
  name: string;
  description: string;
  logo: string;
  tollFreeNumber: string;
  contactEmail: string;
  freeShippingThreshold: string;
  shippingFee: string;
  chatWidgetId: string;
  analyticsId: string;
}

export type SettingsFormTexts = Record<
  | 'identity'
  | 'name'
  | 'description'
  | 'logo'
  | 'logoUpload'
  | 'logoHint'
  | 'contact'
  | 'tollFreeNumber'
  | 'contactEmail'
  | 'shipping'
  | 'freeShippingThreshold'
  | 'shippingFee'
  | 'shippingHint'
  | 'thirdParty'
  | 'chatWidgetId'
  | 'chatHint'
  | 'analyticsId'
  | 'analyticsHint'
  | 'save'
  | 'saved'
  | 'failed',
  string
>;

const fields = [
  'name',
  'description',
  'logo',
  'tollFreeNumber',
  'contactEmail',
  'freeShippingThreshold',
  'shippingFee',
  'chatWidgetId',
  'analyticsId',
] as const;

/** The shop's settings (admins only). Amounts in rupees here, paise in the API; empty ids mean "not set". */
export function SettingsForm({ settings, texts }: { settings: AdminSettings; texts: SettingsFormTexts }) {
  const router = useRouter();
  const logoId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: {
      name: settings.name,
      description: settings.description,
      logo: settings.logo,
      tollFreeNumber: settings.tollFreeNumber,
      contactEmail: settings.contactEmail,
      freeShippingThreshold: paiseToRupees(settings.freeShippingThreshold),
      shippingFee: paiseToRupees(settings.shippingFee),
      chatWidgetId: settings.chatWidgetId ?? '',
      analyticsId: settings.analyticsId ?? '',
    },
  });
  const errors = form.formState.errors;
  const logo = useWatch({ control: form.control, name: 'logo' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const threshold = rupeesToPaise(values.freeShippingThreshold);
    const fee = rupeesToPaise(values.shippingFee);
    const body = { ...values, freeShippingThreshold: threshold ?? -1, shippingFee: fee ?? -1 };
    const parsed = settingsInputSchema.safeParse(body);
    const local = { ...(parsed.success ? {} : fieldRefusalsOf(parsed.error)) };
    if (threshold === null) local.freeShippingThreshold = fieldRefusal('admin_money_invalid');
    if (fee === null) local.shippingFee = fieldRefusal('admin_money_invalid');
    if (Object.keys(local).length > 0) {
      applyErrors(local, fields, form.setError);
      return;
    }
    const result = await saveSettings(body);
    if (!result.ok) {
      applyErrors(result.errors, fields, form.setError);
      setFailure(result.message);
      void showToast('error', texts.failed);
      return;
    }
    void showToast('success', texts.saved);
    router.refresh();
  });

  const onLogo = async (file: File | undefined) => {
    if (!file) return;
    const data = new FormData();
    data.set('file', file);
    const result = await uploadLogo(data);
    if (!result.ok) {
      form.setError('logo', { type: result.errors?.file?.code ?? result.code, message: result.errors?.file?.message ?? result.message });
      return;
    }
    form.setValue('logo', result.value.original, { shouldDirty: true });
    form.clearErrors('logo');
  };

  const section = 'grid gap-4 rounded-xl border border-line p-4 sm:grid-cols-2 sm:p-6';
  const legend = 'px-1 font-display text-lg font-semibold';
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6" data-testid="settings-form">
      <fieldset className={section}>
        <legend className={legend}>{texts.identity}</legend>
        <TextField label={texts.name} registration={form.register('name')} error={errors.name?.message} autoComplete="off" />
        <TextField label={texts.logo} hint={texts.logoHint} registration={form.register('logo')} error={errors.logo?.message} autoComplete="off" dir="ltr" />
        <div className="sm:col-span-2">
          <TextAreaField label={texts.description} registration={form.register('description')} error={errors.description?.message} />
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          {logo ? <img src={logo} alt="" width={64} height={64} className="size-16 rounded border border-line object-contain" /> : null}
          <label htmlFor={logoId} className="text-sm font-medium">
            {texts.logoUpload}
          </label>
          <input
            id={logoId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(event) => void onLogo(event.target.files?.[0])}
            className="text-sm"
          />
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className={legend}>{texts.contact}</legend>
        <TextField
          label={texts.tollFreeNumber}
          registration={form.register('tollFreeNumber')}
          error={errors.tollFreeNumber?.message}
          type="tel"
          dir="ltr"
          autoComplete="off"
        />
        <TextField
          label={texts.contactEmail}
          registration={form.register('contactEmail')}
          error={errors.contactEmail?.message}
          type="email"
          dir="ltr"
          autoComplete="off"
        />
      </fieldset>
      <fieldset className={section}>
        <legend className={legend}>{texts.shipping}</legend>
        <TextField
          label={texts.freeShippingThreshold}
          hint={texts.shippingHint}
          registration={form.register('freeShippingThreshold')}
          error={errors.freeShippingThreshold?.message}
          inputMode="decimal"
          adornment="₹"
        />
        <TextField
          label={texts.shippingFee}
          registration={form.register('shippingFee')}
          error={errors.shippingFee?.message}
          inputMode="decimal"
          adornment="₹"
        />
      </fieldset>
      <fieldset className={section}>
        <legend className={legend}>{texts.thirdParty}</legend>
        <TextField
          label={texts.analyticsId}
          hint={texts.analyticsHint}
          registration={form.register('analyticsId')}
          error={errors.analyticsId?.message}
          dir="ltr"
          autoComplete="off"
        />
        <TextField
          label={texts.chatWidgetId}
          hint={texts.chatHint}
          registration={form.register('chatWidgetId')}
          error={errors.chatWidgetId?.message}
          dir="ltr"
          autoComplete="off"
        />
      </fieldset>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto sm:self-start">
        {texts.save}
      </SubmitButton>
    </form>
  );
}
