'use client';

import type { AdminSettings } from '@shop/domain/admin/settings';
import { paiseToRupees, rupeesToPaise } from '@shop/domain/admin/catalogue';
import { DEFAULT_GIFT_SETTINGS } from '@shop/domain/gift/gift-settings';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { saveSettings } from '../actions';

export type GiftSettingsFormTexts = Record<
  'title' | 'intro' | 'wrapAvailable' | 'wrapFee' | 'wrapFeeHint' | 'proofWaitDays' | 'proofWaitDaysHint' | 'save' | 'saved' | 'failed',
  string
>;

interface GiftFormValues {
  wrapAvailable: boolean;
  wrapFee: string;
  proofWaitDays: string;
}

/**
 * Gifting (issue 24): whether gift wrap is offered and its price (rupees here, paise in the API), and how many days an
 * unanswered proof waits before production may start anyway (empty: always wait for the customer). Saved through the
 * same PUT /api/admin/settings as the rest, with the other settings as they were loaded; the API checks the values.
 */
export function GiftSettingsForm({ settings, texts }: { settings: AdminSettings; texts: GiftSettingsFormTexts }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const gifting = settings.gifting ?? DEFAULT_GIFT_SETTINGS;
  const form = useForm<GiftFormValues>({
    defaultValues: {
      wrapAvailable: gifting.wrapAvailable,
      wrapFee: paiseToRupees(gifting.wrapFee),
      proofWaitDays: gifting.proofWaitDays === null ? '' : String(gifting.proofWaitDays),
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const days = values.proofWaitDays.trim();
    const body = {
      wrapAvailable: values.wrapAvailable,
      wrapFee: rupeesToPaise(values.wrapFee) ?? -1,
      proofWaitDays: days === '' ? null : /^\d+$/.test(days) ? Number(days) : -1,
    };
    const { updatedAt: _updatedAt, ...rest } = settings;
    const result = await saveSettings({ ...rest, chatWidgetId: rest.chatWidgetId ?? '', analyticsId: rest.analyticsId ?? '', gifting: body });
    if (!result.ok) {
      for (const [field, error] of Object.entries(result.errors ?? {})) {
        const name = field.replace(/^gifting\./, '');
        if (name === 'wrapFee' || name === 'proofWaitDays') form.setError(name, { type: error.code, message: error.message });
      }
      setFailure(result.message);
      void showToast('error', texts.failed);
      return;
    }
    void showToast('success', texts.saved);
    router.refresh();
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-8 flex flex-col gap-6" data-testid="gift-settings-form">
      <fieldset className="grid gap-4 rounded-xl border border-line p-4 sm:grid-cols-2 sm:p-6">
        <legend className="px-1 font-display text-lg font-semibold">{texts.title}</legend>
        <p className="text-sm text-muted sm:col-span-2">{texts.intro}</p>
        <label className="flex min-h-11 items-center gap-3 sm:col-span-2">
          <input type="checkbox" {...form.register('wrapAvailable')} className="h-5 w-5 accent-brand" />
          <span>{texts.wrapAvailable}</span>
        </label>
        <TextField
          label={texts.wrapFee}
          hint={texts.wrapFeeHint}
          registration={form.register('wrapFee')}
          error={errors.wrapFee?.message}
          inputMode="decimal"
          adornment="₹"
        />
        <TextField
          label={texts.proofWaitDays}
          hint={texts.proofWaitDaysHint}
          registration={form.register('proofWaitDays')}
          error={errors.proofWaitDays?.message}
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
