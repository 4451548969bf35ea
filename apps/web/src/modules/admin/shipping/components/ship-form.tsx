'use client';

import type { Parcel } from '@shop/domain/shipping/shipment';
import { PARCEL_LIMITS } from '@shop/domain/shipping/shipment';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { FormMessage, SubmitButton, TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { adminResolver } from '@modules/admin/lib/resolver';
import { textsOf } from '@modules/admin/products/lib/client-texts';
import { shipOrder } from '../actions';
import { type ShipForm as ShipFormValues, shipFormSchema } from '../lib/ship-form';

const sides = ['lengthCm', 'breadthCm', 'heightCm'] as const;
const sideLabel = { lengthCm: 'ship.length', breadthCm: 'ship.breadth', heightCm: 'ship.height' } as const;

/**
 * "Ship" on an order (issue 22): one parcel, prefilled from the products' parcel defaults (the API's suggestion), and
 * more when the order goes in several boxes under one AWB. Weight in grams and sides in centimetres, whole numbers;
 * the domain's parcel rules say what is wrong beside each field, and the API checks again and calls the carrier.
 */
export function ShipForm({ orderId, suggested, messages }: { orderId: string; suggested: Parcel; messages: Record<string, unknown> }) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ShipFormValues>({ resolver: adminResolver(shipFormSchema), defaultValues: { parcels: [{ ...suggested }] } });
  const parcels = useFieldArray({ control: form.control, name: 'parcels' });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await shipOrder(orderId, values);
    if (!result.ok) {
      setFailure(result.message);
      void showToast('error', t('ship.failed'));
      return;
    }
    void showToast('success', result.value.awb ? t('ship.done', { awb: result.value.awb }) : t('ship.doneNoAwb'));
    router.refresh();
  });

  const number = { valueAsNumber: true } as const;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" data-testid="ship-form">
      <p className="text-sm text-muted">{t('ship.intro')}</p>
      {parcels.fields.map((parcel, index) => {
        const rowErrors = errors.parcels?.[index];
        return (
          <fieldset key={parcel.id} className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-4" data-testid={`parcel-${index}`}>
            <legend className="px-1 text-sm font-semibold">{t('ship.parcel', { n: index + 1 })}</legend>
            <TextField
              label={t('ship.weight')}
              registration={form.register(`parcels.${index}.weightGrams`, number)}
              error={rowErrors?.weightGrams?.message}
              type="number"
              inputMode="numeric"
              min={1}
              max={PARCEL_LIMITS.maxWeightGrams}
            />
            {sides.map((side) => (
              <TextField
                key={side}
                label={t(sideLabel[side])}
                registration={form.register(`parcels.${index}.${side}`, number)}
                error={rowErrors?.[side]?.message}
                type="number"
                inputMode="numeric"
                min={1}
                max={PARCEL_LIMITS.maxSideCm}
              />
            ))}
            {parcels.fields.length > 1 ? (
              <button
                type="button"
                onClick={() => parcels.remove(index)}
                className="min-h-11 justify-self-start rounded-full border border-line px-4 text-sm text-danger hover:bg-danger/10 sm:col-span-4"
              >
                {t('ship.remove', { n: index + 1 })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {errors.parcels?.message || errors.parcels?.root?.message ? (
        <FormMessage tone="error">{errors.parcels.message ?? errors.parcels.root?.message}</FormMessage>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {parcels.fields.length < PARCEL_LIMITS.maxParcels ? (
          <button
            type="button"
            onClick={() => parcels.append({ ...suggested })}
            className="min-h-11 rounded-full border border-line px-5 text-sm font-medium hover:bg-surface"
          >
            {t('ship.add')}
          </button>
        ) : null}
        <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto">
          {parcels.fields.length > 1 ? t('ship.submitMany', { count: parcels.fields.length }) : t('ship.submit')}
        </SubmitButton>
      </div>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
    </form>
  );
}
