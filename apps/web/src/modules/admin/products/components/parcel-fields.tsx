'use client';

import type { ProductForm } from '@shop/domain/admin/products';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '@modules/auth/components/form-controls';

type Texts = (key: string, values?: Record<string, string | number>) => string;

const sides = ['lengthCm', 'breadthCm', 'heightCm'] as const;

/**
 * The product's packed box (issue 22): length, breadth and height in whole centimetres beside its weight, from which
 * "Ship" suggests each order's parcel. 0 leaves the shop's default box to stand in.
 */
export function ParcelFields({ register, errors, t }: { register: UseFormRegister<ProductForm>; errors: FieldErrors<ProductForm>; t: Texts }) {
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-3" data-testid="parcel-fields">
      <legend className="mb-1 text-sm font-medium text-ink">{t('form.parcelBox')}</legend>
      {sides.map((side) => (
        <TextField key={side} label={t(`form.${side}`)} registration={register(side)} error={errors[side]?.message} inputMode="numeric" />
      ))}
      <p className="text-xs text-muted sm:col-span-3">{t('form.parcelHint')}</p>
    </fieldset>
  );
}
