'use client';

import { type AdminCategory, categoryInputSchema } from '@shop/domain/admin/catalogue';
import type { Image } from '@shop/domain/catalogue';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '@modules/auth/components/form-controls';
import { adminResolver } from '@modules/admin/lib/resolver';
import { saveCategory } from '../actions';
import { NameSlugFields, SaveFooter, useCatalogueSave } from './save-parts';
import { CheckboxField, SelectField, TextAreaField } from './fields';
import { ImageField, type ImageFieldTexts } from './image-field';

type In = z.input<typeof categoryInputSchema>;
type Out = z.output<typeof categoryInputSchema>;

export type CategoryFormTexts = Record<
  | 'name'
  | 'slug'
  | 'slugHint'
  | 'description'
  | 'parent'
  | 'noParent'
  | 'parentHint'
  | 'featured'
  | 'position'
  | 'positionHint'
  | 'create'
  | 'save'
  | 'saved'
  | 'failed',
  string
> & { image: ImageFieldTexts };

const fields = ['name', 'slug', 'description', 'parentId', 'featured', 'position', 'image'] as const;

/**
 * Create or edit a category. The parent list leaves out the category itself; the API also refuses any parent below it
 * (a loop) and says so beside the parent field.
 */
export function CategoryForm({ category, all, texts }: { category: AdminCategory | null; all: AdminCategory[]; texts: CategoryFormTexts }) {
  const form = useForm<In, unknown, Out>({
    resolver: adminResolver(categoryInputSchema),
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      parentId: category?.parentId ?? null,
      featured: category?.featured ?? false,
      position: category?.position ?? 0,
      image: category?.image ?? null,
    },
  });
  const errors = form.formState.errors;
  const image = useWatch({ control: form.control, name: 'image' }) as Image | null;
  const name = useWatch({ control: form.control, name: 'name' });

  const { failure, submit } = useCatalogueSave({
    id: category?._id ?? null,
    area: 'categories',
    save: saveCategory,
    nameOf: (saved) => saved.name,
    fields,
    setError: form.setError,
    texts,
  });

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="category-form">
      <NameSlugFields form={form} texts={texts} />
      <SelectField
        label={texts.parent}
        hint={texts.parentHint}
        registration={form.register('parentId', { setValueAs: (value: string) => (value === '' ? null : value) })}
        error={errors.parentId?.message}
      >
        <option value="">{texts.noParent}</option>
        {all
          .filter((option) => option._id !== category?._id)
          .map((option) => (
            <option key={option._id} value={option._id}>
              {option.name}
            </option>
          ))}
      </SelectField>
      <TextField
        label={texts.position}
        hint={texts.positionHint}
        type="number"
        min={0}
        max={9999}
        registration={form.register('position', { valueAsNumber: true })}
        error={errors.position?.message}
      />
      <div className="sm:col-span-2">
        <TextAreaField label={texts.description} registration={form.register('description')} error={errors.description?.message} />
      </div>
      <CheckboxField label={texts.featured} registration={form.register('featured')} error={errors.featured?.message} />
      <div className="sm:col-span-2">
        <ImageField
          area="categories"
          value={image}
          onChange={(next) => form.setValue('image', next, { shouldDirty: true })}
          alt={name ?? ''}
          error={errors.image?.message}
          texts={texts.image}
        />
      </div>
      <SaveFooter failure={failure} busy={form.formState.isSubmitting} label={category ? texts.save : texts.create} />
    </form>
  );
}
