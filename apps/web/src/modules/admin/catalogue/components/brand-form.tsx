'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminBrand, brandInputSchema, slugFrom } from '@shop/domain/admin/catalogue';
import type { Image } from '@shop/domain/catalogue';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { saveBrand } from '../actions';
import { SaveFooter, showRefusal } from './save-parts';
import { ImageField, type ImageFieldTexts } from './image-field';

type In = z.input<typeof brandInputSchema>;
type Out = z.output<typeof brandInputSchema>;

export type BrandFormTexts = Record<'name' | 'slug' | 'slugHint' | 'create' | 'save' | 'saved' | 'failed', string> & { image: ImageFieldTexts };

const fields = ['name', 'slug', 'image'] as const;

export function BrandForm({ brand, texts }: { brand: AdminBrand | null; texts: BrandFormTexts }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(brandInputSchema),
    defaultValues: { name: brand?.name ?? '', slug: brand?.slug ?? '', image: brand?.image ?? null },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await saveBrand(brand?._id ?? null, values);
    if (!result.ok) {
      showRefusal(result, { fields, setError: form.setError as never, setFailure, toast: texts.failed });
      return;
    }
    void showToast('success', texts.saved.replace('{name}', result.value.name));
    if (brand) router.refresh();
    else router.push(`/admin/brands/${result.value._id}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="brand-form">
      <TextField
        label={texts.name}
        registration={form.register('name', {
          onBlur: (event) => {
            if (!form.getValues('slug')) form.setValue('slug', slugFrom(String(event.target.value)));
          },
        })}
        error={errors.name?.message}
        autoComplete="off"
      />
      <TextField label={texts.slug} hint={texts.slugHint} registration={form.register('slug')} error={errors.slug?.message} autoComplete="off" dir="ltr" />
      <div className="sm:col-span-2">
        <ImageField
          area="brands"
          value={form.watch('image') as Image | null}
          onChange={(next) => form.setValue('image', next, { shouldDirty: true })}
          alt={form.watch('name') ?? ''}
          error={errors.image?.message}
          texts={texts.image}
        />
      </div>
      <SaveFooter failure={failure} busy={form.formState.isSubmitting} label={brand ? texts.save : texts.create} />
    </form>
  );
}
