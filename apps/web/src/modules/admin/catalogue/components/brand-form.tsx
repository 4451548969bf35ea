'use client';

import { type AdminBrand, brandInputSchema } from '@shop/domain/admin/catalogue';
import type { Image } from '@shop/domain/catalogue';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { adminResolver } from '@modules/admin/lib/resolver';
import { saveBrand } from '../actions';
import { NameSlugFields, SaveFooter, useCatalogueSave } from './save-parts';
import { ImageField, type ImageFieldTexts } from './image-field';

type In = z.input<typeof brandInputSchema>;
type Out = z.output<typeof brandInputSchema>;

export type BrandFormTexts = Record<'name' | 'slug' | 'slugHint' | 'create' | 'save' | 'saved' | 'failed', string> & { image: ImageFieldTexts };

const fields = ['name', 'slug', 'image'] as const;

export function BrandForm({ brand, texts }: { brand: AdminBrand | null; texts: BrandFormTexts }) {
  const form = useForm<In, unknown, Out>({
    resolver: adminResolver(brandInputSchema),
    defaultValues: { name: brand?.name ?? '', slug: brand?.slug ?? '', image: brand?.image ?? null },
  });
  const image = useWatch({ control: form.control, name: 'image' }) as Image | null;
  const name = useWatch({ control: form.control, name: 'name' });
  const { failure, submit } = useCatalogueSave({
    id: brand?._id ?? null,
    area: 'brands',
    save: saveBrand,
    nameOf: (saved) => saved.name,
    fields,
    setError: form.setError,
    texts,
  });

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="brand-form">
      <NameSlugFields form={form} texts={texts} />
      <div className="sm:col-span-2">
        <ImageField
          area="brands"
          value={image}
          onChange={(next) => form.setValue('image', next, { shouldDirty: true })}
          alt={name ?? ''}
          error={form.formState.errors.image?.message}
          texts={texts.image}
        />
      </div>
      <SaveFooter failure={failure} busy={form.formState.isSubmitting} label={brand ? texts.save : texts.create} />
    </form>
  );
}
