'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { saveCoupon } from '../actions';
import { SaveFooter, showRefusal } from './save-parts';
import { type CouponFormValues, couponFromForm, emptyCoupon } from '../lib/coupon-form';
import { applyErrors, CheckboxField, SelectField } from './fields';

export type CouponFormTexts = Record<
  | 'code'
  | 'codeHint'
  | 'description'
  | 'type'
  | 'fixed'
  | 'percent'
  | 'valueFixed'
  | 'valuePercent'
  | 'minimum'
  | 'minimumHint'
  | 'startsAt'
  | 'endsAt'
  | 'datesHint'
  | 'maxUses'
  | 'maxUsesPerCustomer'
  | 'usesHint'
  | 'active'
  | 'create'
  | 'save'
  | 'saved'
  | 'failed',
  string
>;

const fields = ['code', 'description', 'type', 'value', 'minimum', 'startsAt', 'endsAt', 'maxUses', 'maxUsesPerCustomer', 'active'] as const;

/** Create or edit a coupon. Amounts in rupees; the API stores paise. */
export function CouponForm({ id, initial, texts }: { id: string | null; initial?: CouponFormValues; texts: CouponFormTexts }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CouponFormValues>({ defaultValues: initial ?? emptyCoupon });
  const errors = form.formState.errors;
  const type = useWatch({ control: form.control, name: 'type' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const converted = couponFromForm(values);
    if (converted.errors) {
      applyErrors(converted.errors, fields, form.setError);
      return;
    }
    const result = await saveCoupon(id, converted.body);
    if (!result.ok) {
      showRefusal(result, { fields, setError: form.setError, setFailure, toast: texts.failed });
      return;
    }
    void showToast('success', texts.saved.replace('{code}', result.value.code));
    if (id) router.refresh();
    else {
      form.reset(emptyCoupon);
      router.refresh();
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="coupon-form">
      <TextField
        label={texts.code}
        hint={texts.codeHint}
        registration={form.register('code')}
        error={errors.code?.message}
        autoComplete="off"
        className="uppercase"
      />
      <TextField label={texts.description} registration={form.register('description')} error={errors.description?.message} autoComplete="off" />
      <SelectField label={texts.type} registration={form.register('type')} error={errors.type?.message}>
        <option value="percent">{texts.percent}</option>
        <option value="fixed">{texts.fixed}</option>
      </SelectField>
      <TextField
        label={type === 'fixed' ? texts.valueFixed : texts.valuePercent}
        registration={form.register('value')}
        error={errors.value?.message}
        inputMode="decimal"
        autoComplete="off"
      />
      <TextField
        label={texts.minimum}
        hint={texts.minimumHint}
        registration={form.register('minimum')}
        error={errors.minimum?.message}
        inputMode="decimal"
        autoComplete="off"
      />
      <div className="hidden sm:block" />
      <TextField
        label={texts.startsAt}
        hint={texts.datesHint}
        type="datetime-local"
        registration={form.register('startsAt')}
        error={errors.startsAt?.message}
      />
      <TextField label={texts.endsAt} type="datetime-local" registration={form.register('endsAt')} error={errors.endsAt?.message} />
      <TextField
        label={texts.maxUses}
        hint={texts.usesHint}
        registration={form.register('maxUses')}
        error={errors.maxUses?.message}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        label={texts.maxUsesPerCustomer}
        hint={texts.usesHint}
        registration={form.register('maxUsesPerCustomer')}
        error={errors.maxUsesPerCustomer?.message}
        inputMode="numeric"
        autoComplete="off"
      />
      <CheckboxField label={texts.active} registration={form.register('active')} error={errors.active?.message} />
      <SaveFooter failure={failure} busy={form.formState.isSubmitting} label={id ? texts.save : texts.create} />
    </form>
  );
}
