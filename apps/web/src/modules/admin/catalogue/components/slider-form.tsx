'use client';

import { type AdminSlider, sliderInputSchema } from '@shop/domain/admin/catalogue';
import type { Image } from '@shop/domain/catalogue';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '@modules/auth/components/form-controls';
import { adminResolver } from '@modules/admin/lib/resolver';
import { saveSlider } from '../actions';
import { SaveFooter, useCatalogueSave } from './save-parts';
import { CheckboxField } from './fields';
import { ImageField, type ImageFieldTexts } from './image-field';

type In = z.input<typeof sliderInputSchema>;
type Out = z.output<typeof sliderInputSchema>;

export type SliderFormTexts = Record<
  'title' | 'subtitle' | 'link' | 'linkHint' | 'position' | 'positionHint' | 'active' | 'create' | 'save' | 'saved' | 'failed',
  string
> & {
  image: ImageFieldTexts;
};

const fields = ['title', 'subtitle', 'link', 'position', 'active', 'image'] as const;

export function SliderForm({ slider, texts }: { slider: AdminSlider | null; texts: SliderFormTexts }) {
  const form = useForm<In, unknown, Out>({
    resolver: adminResolver(sliderInputSchema),
    defaultValues: {
      title: slider?.title ?? '',
      subtitle: slider?.subtitle ?? '',
      link: slider?.link ?? '/',
      position: slider?.position ?? 0,
      active: slider?.active ?? true,
      image: slider?.image,
    },
  });
  const errors = form.formState.errors;
  const image = useWatch({ control: form.control, name: 'image' });
  const title = useWatch({ control: form.control, name: 'title' });

  const { failure, submit } = useCatalogueSave({
    id: slider?._id ?? null,
    area: 'sliders',
    save: saveSlider,
    nameOf: (saved) => saved.title,
    fields,
    setError: form.setError,
    texts,
  });

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="slider-form">
      <TextField label={texts.title} registration={form.register('title')} error={errors.title?.message} autoComplete="off" />
      <TextField label={texts.subtitle} registration={form.register('subtitle')} error={errors.subtitle?.message} autoComplete="off" />
      <TextField label={texts.link} hint={texts.linkHint} registration={form.register('link')} error={errors.link?.message} autoComplete="off" dir="ltr" />
      <TextField
        label={texts.position}
        hint={texts.positionHint}
        type="number"
        min={0}
        max={9999}
        registration={form.register('position', { valueAsNumber: true })}
        error={errors.position?.message}
      />
      <CheckboxField label={texts.active} registration={form.register('active')} error={errors.active?.message} />
      <div className="sm:col-span-2">
        <ImageField
          area="sliders"
          value={image ?? null}
          onChange={(next) => form.setValue('image', next as Image, { shouldDirty: true })}
          alt={title ?? ''}
          error={errors.image?.message}
          texts={texts.image}
          removable={false}
        />
      </div>
      <SaveFooter failure={failure} busy={form.formState.isSubmitting} label={slider ? texts.save : texts.create} />
    </form>
  );
}
