'use client';

import {
  type AdminProduct,
  formToInput,
  GST_RATES,
  type ProductForm as ProductFormValues,
  productFormSchema,
  productToForm,
  slugFromName,
} from '@shop/domain/admin/products';
import { useRouter } from 'next/navigation';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { type FieldPath, useFieldArray, useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { FormMessage, SubmitButton, TextField, useHydrated } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { adminResolver } from '@modules/admin/lib/resolver';
import { saveProduct } from '../actions';
import { ParcelFields } from './parcel-fields';
import { textsOf } from '../lib/client-texts';

interface Option {
  id: string;
  name: string;
}

const control = 'min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base';

/** "2026-12-31T18:30:00.000Z" -> the staff member's local "2026-12-31T23:59" for a datetime-local input. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 sm:p-6">
      <legend className="px-1 font-display text-lg font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

function SelectField({
  label,
  registration,
  error,
  children,
  className = '',
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        {...registration}
        disabled={!hydrated}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${control} ${error ? 'border-danger' : 'border-line'}`}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Checkbox({ label, registration }: { label: string; registration: UseFormRegisterReturn }) {
  const hydrated = useHydrated();
  return (
    <label className="flex min-h-11 items-center gap-3 text-base text-ink">
      <input type="checkbox" {...registration} disabled={!hydrated} className="h-5 w-5 accent-brand" />
      {label}
    </label>
  );
}

/**
 * The product form (react-hook-form + the domain's zod schema, decision 014): rupees as typed, converted to paise for
 * the API; variants in an editor of their own rows; errors beside each field, from the schema or from the API (a
 * taken slug or SKU). A new product's slug follows its name until the slug is edited by hand.
 */
export function ProductForm({
  product,
  categories,
  brands,
  messages,
}: {
  product: AdminProduct | undefined;
  categories: Option[];
  brands: Option[];
  messages: Record<string, unknown>;
}) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [slugTouched, setSlugTouched] = useState(Boolean(product));
  const form = useForm<ProductFormValues>({
    resolver: adminResolver(productFormSchema),
    defaultValues: { ...productToForm(product), flashSaleEndsAt: toLocalInput(product?.flashSaleEndsAt ?? null) },
  });
  const variants = useFieldArray({ control: form.control, name: 'variants' });
  const errors = form.formState.errors;
  const customizationType = useWatch({ control: form.control, name: 'customizationType' });
  const slug = useWatch({ control: form.control, name: 'slug' });
  const hasVariants = variants.fields.length > 0;

  const nameField = form.register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugTouched) form.setValue('slug', slugFromName(event.target.value));
    },
  });
  const slugField = form.register('slug', {
    onChange: () => {
      setSlugTouched(true);
    },
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      const flash = values.flashSaleEndsAt ? new Date(values.flashSaleEndsAt).toISOString() : null;
      const input = formToInput(values, flash);
      // Publishing has its own buttons on an existing product (the latest state arrives in `product` on refresh).
      if (product) input.published = product.published;
      const result = await saveProduct(product?._id ?? null, input);
      if (!result.ok) {
        for (const [field, error] of Object.entries(result.errors ?? {})) {
          form.setError(field as FieldPath<ProductFormValues>, { type: error.code, message: error.message });
        }
        setFailure(result.message);
        void showToast('error', t('form.failed'));
        return;
      }
      if (product) {
        void showToast('success', t('form.saved'));
        form.reset({ ...productToForm(result.value), flashSaleEndsAt: toLocalInput(result.value.flashSaleEndsAt) });
        router.refresh();
      } else {
        void showToast('success', t('form.created'));
        router.push(`/admin/products/${result.value._id}`);
      }
    },
    () => setFailure(t('form.checkFields')),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6" data-testid="product-form">
      <Section title={t('form.basics')}>
        <TextField label={t('form.name')} registration={nameField} error={errors.name?.message} className="sm:col-span-2" autoComplete="off" />
        <TextField
          label={t('form.slug')}
          registration={slugField}
          error={errors.slug?.message}
          hint={t('form.slugHint', { slug: slug || '…' })}
          className="sm:col-span-2"
          autoComplete="off"
          dir="ltr"
        />
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label htmlFor="product-description" className="text-sm font-medium text-ink">
            {t('form.description')}
          </label>
          <textarea
            id="product-description"
            rows={5}
            {...form.register('description')}
            className={`${control} border-line`}
            aria-invalid={errors.description ? true : undefined}
          />
          {errors.description ? (
            <p role="alert" className="text-sm text-danger">
              {errors.description.message}
            </p>
          ) : null}
        </div>
        <SelectField label={t('form.category')} registration={form.register('categoryId')} error={errors.categoryId?.message}>
          <option value="">{t('form.chooseCategory')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('form.brand')} registration={form.register('brandId')} error={errors.brandId?.message}>
          <option value="">{t('form.noBrand')}</option>
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
      </Section>

      <Section title={t('form.pricing')}>
        {hasVariants ? <p className="text-sm text-muted sm:col-span-2">{t('form.variantsOverride')}</p> : null}
        <TextField label={t('form.price')} registration={form.register('price')} error={errors.price?.message} inputMode="decimal" disabled={hasVariants} />
        <TextField label={t('form.mrp')} registration={form.register('mrp')} error={errors.mrp?.message} inputMode="decimal" disabled={hasVariants} />
        <TextField label={t('form.stock')} registration={form.register('stock')} error={errors.stock?.message} inputMode="numeric" disabled={hasVariants} />
        <Checkbox label={t('form.cod')} registration={form.register('cod')} />
      </Section>

      <Section title={t('form.personalisation')}>
        <SelectField label={t('form.customizationType')} registration={form.register('customizationType')} error={errors.customizationType?.message}>
          <option value="">{t('form.customizationNone')}</option>
          <option value="text">{t('form.customizationText')}</option>
          <option value="image">{t('form.customizationImage')}</option>
          <option value="both">{t('form.customizationBoth')}</option>
        </SelectField>
        {customizationType === 'image' || customizationType === 'both' ? (
          <TextField label={t('form.mediaLimit')} registration={form.register('mediaLimit')} error={errors.mediaLimit?.message} inputMode="numeric" />
        ) : null}
        {/* Issue 22: the making time the delivery promise adds before dispatch (personalisation days come on top). */}
        <TextField
          label={t('form.madeToOrderDays')}
          registration={form.register('madeToOrderDays')}
          error={errors.madeToOrderDays?.message}
          hint={t('form.madeToOrderDaysHint')}
          inputMode="numeric"
        />
      </Section>

      <Section title={t('form.tax')}>
        <TextField label={t('form.hsnCode')} registration={form.register('hsnCode')} error={errors.hsnCode?.message} inputMode="numeric" />
        <SelectField label={t('form.gstRate')} registration={form.register('gstRate')} error={errors.gstRate?.message}>
          {GST_RATES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {rate / 100}%
            </option>
          ))}
        </SelectField>
        <TextField label={t('form.weightGrams')} registration={form.register('weightGrams')} error={errors.weightGrams?.message} inputMode="numeric" />
        <ParcelFields register={form.register} errors={errors} t={t} />
        <TextField label={t('form.tags')} registration={form.register('tags')} error={errors.tags?.message} hint={t('form.tagsHint')} />
      </Section>

      <Section title={t('form.flags')}>
        {product ? null : <Checkbox label={t('form.published')} registration={form.register('published')} />}
        <Checkbox label={t('form.featured')} registration={form.register('featured')} />
        <Checkbox label={t('form.newArrival')} registration={form.register('newArrival')} />
        <Checkbox label={t('form.unique')} registration={form.register('unique')} />
        <Checkbox label={t('form.onSelling')} registration={form.register('onSelling')} />
        <Checkbox label={t('form.needsProof')} registration={form.register('needsProof')} />
        <TextField
          label={t('form.flashSaleEndsAt')}
          registration={form.register('flashSaleEndsAt')}
          error={errors.flashSaleEndsAt?.message}
          hint={t('form.flashSaleHint')}
          type="datetime-local"
        />
      </Section>

      <fieldset className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:p-6">
        <legend className="px-1 font-display text-lg font-semibold text-ink">{t('form.variants')}</legend>
        <p className="text-sm text-muted">{t('form.variantsIntro')}</p>
        {variants.fields.map((variant, index) => {
          const rowErrors = errors.variants?.[index];
          return (
            <div key={variant.id} className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-6" data-testid={`variant-${index}`}>
              <p className="font-medium sm:col-span-6">{t('form.variant', { n: index + 1 })}</p>
              <TextField
                label={t('form.sku')}
                registration={form.register(`variants.${index}.sku`)}
                error={rowErrors?.sku?.message}
                className="sm:col-span-2"
                dir="ltr"
                autoComplete="off"
              />
              <TextField
                label={t('form.attributes')}
                registration={form.register(`variants.${index}.attributes`)}
                error={rowErrors?.attributes?.message}
                className="sm:col-span-4"
                autoComplete="off"
              />
              <TextField
                label={t('form.price')}
                registration={form.register(`variants.${index}.price`)}
                error={rowErrors?.price?.message}
                className="sm:col-span-2"
                inputMode="decimal"
              />
              <TextField
                label={t('form.mrp')}
                registration={form.register(`variants.${index}.mrp`)}
                error={rowErrors?.mrp?.message}
                className="sm:col-span-2"
                inputMode="decimal"
              />
              <TextField
                label={t('form.stock')}
                registration={form.register(`variants.${index}.stock`)}
                error={rowErrors?.stock?.message}
                inputMode="numeric"
              />
              <div className="flex items-end">
                <button
                  type="button"
                  onClick={() => variants.remove(index)}
                  className="min-h-11 rounded-full border border-line px-4 text-sm text-danger hover:bg-danger/10"
                >
                  {t('form.removeVariant', { n: index + 1 })}
                </button>
              </div>
            </div>
          );
        })}
        <button
          type="button"
          onClick={() => variants.append({ sku: '', attributes: '', price: form.getValues('price'), mrp: form.getValues('mrp'), stock: '0' })}
          className="min-h-11 self-start rounded-full border border-line px-5 font-medium hover:bg-surface"
        >
          {t('form.addVariant')}
        </button>
      </fieldset>

      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton busy={form.formState.isSubmitting} className="sm:w-auto sm:self-start">
        {product ? t('form.save') : t('form.create')}
      </SubmitButton>
    </form>
  );
}
