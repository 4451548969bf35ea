'use client';

import { indianStates } from '@shop/domain/address';
import type { AdminSettings } from '@shop/domain/admin/settings';
import { deliverySettingsOf, deliverySettingsSchema, deliveryZones, WEEKDAYS_MONDAY_FIRST } from '@shop/domain/delivery/delivery-settings';
import { fieldRefusalsOf } from '@shop/domain/field-errors';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { applyErrors, SelectField, TextAreaField } from '@modules/admin/catalogue/components/fields';
import { saveSettings } from '@modules/admin/settings/actions';
import { textsOf } from '@modules/admin/products/lib/client-texts';
import { usePincodePlace } from '@modules/delivery/components/use-pincode-place';
import { deliveryBodyOf, deliveryFieldErrors, deliveryFormFields, type DeliveryFormValues, deliveryFormValuesOf } from '../lib/delivery-form-values';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * The delivery promise's settings (decision 080), saved through PUT /api/admin/settings with the shop's other settings
 * as they were loaded. The shop's pincode, when typed, fills the dispatch city and state from the directory.
 */
export function DeliverySettingsForm({ settings, messages }: { settings: AdminSettings; messages: Record<string, unknown> }) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const router = useRouter();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [pincode, setPincode] = useState('');
  // Older API answers may lack `delivery`: the defaults then, as the API itself would promise.
  const current = deliverySettingsOf(settings.delivery);
  const form = useForm<DeliveryFormValues>({ defaultValues: deliveryFormValuesOf(current) });
  const errors = form.formState.errors;
  const place = usePincodePlace(pincode);
  const found = place.kind === 'found' ? place.estimate : null;

  useEffect(() => {
    if (!found) return;
    form.setValue('originCity', found.city, { shouldDirty: true });
    form.setValue('originState', found.state, { shouldDirty: true });
  }, [found, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const delivery = deliveryBodyOf(values);
    const parsed = deliverySettingsSchema.safeParse(delivery);
    if (!parsed.success) {
      applyErrors(deliveryFieldErrors(fieldRefusalsOf(parsed.error)), deliveryFormFields, form.setError);
      return;
    }
    const { updatedAt: _updatedAt, ...rest } = settings;
    const result = await saveSettings({ ...rest, chatWidgetId: rest.chatWidgetId ?? '', analyticsId: rest.analyticsId ?? '', delivery: parsed.data });
    if (!result.ok) {
      applyErrors(deliveryFieldErrors(result.errors), deliveryFormFields, form.setError);
      setFailure(result.message);
      void showToast('error', t('settings.failed'));
      return;
    }
    void showToast('success', t('settings.saved'));
    router.refresh();
  });

  const section = 'grid gap-4 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 sm:p-6';
  const states = indianStates.includes(current.originState as (typeof indianStates)[number]) ? indianStates : [current.originState, ...indianStates];
  const pincodeShown = /^[1-9]\d{5}$/.test(pincode);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6" data-testid="delivery-settings-form">
      <fieldset className={section}>
        <legend className="px-1 font-display text-lg font-semibold">{t('settings.title')}</legend>
        <p className="text-sm text-muted sm:col-span-2">{t('settings.intro')}</p>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-pincode`} className="text-sm font-medium text-ink">
            {t('settings.originPincode')}
          </label>
          <input
            id={`${id}-pincode`}
            inputMode="numeric"
            maxLength={6}
            value={pincode}
            onChange={(event) => setPincode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-describedby={`${id}-pincode-hint`}
            className="min-h-11 rounded-lg border border-line bg-white px-3 text-base"
          />
          <p id={`${id}-pincode-hint`} className="text-sm text-muted" aria-live="polite">
            {pincodeShown && place.kind !== 'found' && place.kind !== 'unserviceable'
              ? t('settings.originNotFound', { pincode })
              : t('settings.originPincodeHint')}
          </p>
        </div>
        <div />
        <TextField
          label={t('settings.originCity')}
          hint={t('settings.originCityHint')}
          registration={form.register('originCity')}
          error={errors.originCity?.message}
        />
        <SelectField label={t('settings.originState')} registration={form.register('originState')} error={errors.originState?.message}>
          {states.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('settings.cutoffHour')}
          hint={t('settings.cutoffHourHint')}
          registration={form.register('cutoffHour')}
          error={errors.cutoffHour?.message}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={String(hour)}>
              {`${String(hour).padStart(2, '0')}:00`}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('settings.personalisationDays')}
          hint={t('settings.personalisationDaysHint')}
          registration={form.register('personalisationDays')}
          error={errors.personalisationDays?.message}
          inputMode="numeric"
        />
        <fieldset
          className="flex flex-col gap-2 sm:col-span-2"
          aria-describedby={`${id}-weekdays-hint${errors.dispatchWeekdays ? ` ${id}-weekdays-error` : ''}`}
          aria-invalid={errors.dispatchWeekdays ? true : undefined}
          data-testid="dispatch-weekdays"
        >
          <legend className="text-sm font-medium text-ink">{t('settings.dispatchDays')}</legend>
          <p id={`${id}-weekdays-hint`} className="text-sm text-muted">
            {t('settings.dispatchDaysHint')}
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAYS_MONDAY_FIRST.map((day) => (
              <label key={day} className="flex min-h-11 items-center gap-2 text-sm text-ink">
                <input type="checkbox" value={String(day)} className="size-5 accent-brand" {...form.register('dispatchWeekdays')} />
                {t(`settings.weekdays.${day}`)}
              </label>
            ))}
          </div>
          {errors.dispatchWeekdays?.message ? (
            <p id={`${id}-weekdays-error`} className="text-sm text-danger">
              {errors.dispatchWeekdays.message}
            </p>
          ) : null}
        </fieldset>
        <div className="sm:col-span-2">
          <TextAreaField
            label={t('settings.holidays')}
            hint={t('settings.holidaysHint')}
            registration={form.register('holidays')}
            error={errors.holidays?.message}
            dir="ltr"
            rows={4}
          />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:p-6">
        <legend className="px-1 font-display text-lg font-semibold">{t('settings.transit')}</legend>
        <p className="text-sm text-muted">{t('settings.transitIntro')}</p>
        <table className="w-full text-left text-sm" data-testid="transit-days">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-2 pe-3 font-medium">
                {t('settings.zone')}
              </th>
              <th scope="col" className="py-2 pe-3 font-medium">
                {t('settings.min')}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('settings.max')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {deliveryZones.map((zone) => {
              const zoneName = t(`settings.zones.${zone}`);
              const zoneErrors = errors.transitDays?.[zone];
              return (
                <tr key={zone}>
                  <th scope="row" className="py-2 pe-3 font-medium">
                    {zoneName}
                  </th>
                  {(['min', 'max'] as const).map((end) => (
                    <td key={end} className="py-2 pe-3 align-top">
                      <input
                        aria-label={t(end === 'min' ? 'settings.minOf' : 'settings.maxOf', { zone: zoneName })}
                        inputMode="numeric"
                        aria-invalid={zoneErrors?.[end] ? true : undefined}
                        {...form.register(`transitDays.${zone}.${end}`)}
                        className="min-h-11 w-20 rounded-lg border border-line bg-white px-3 text-base"
                      />
                      {zoneErrors?.[end]?.message ? <p className="mt-1 text-sm text-danger">{zoneErrors[end].message}</p> : null}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </fieldset>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto sm:self-start">
        {t('settings.save')}
      </SubmitButton>
    </form>
  );
}
