'use client';

import type { AdminProduct } from '@shop/domain/admin/products';
import { type PersonalisationTemplate, type PhotoArea, PREVIEW_FONTS, type TemplateArea, type TextArea } from '@shop/domain/gift/personalisation';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { showToast } from '@modules/common/show-toast';
import { deletePersonalisationTemplate, savePersonalisationTemplate } from '../actions';
import { textsOf } from '../lib/client-texts';

type Image = AdminProduct['images'][number];

const newText = (index: number): TextArea => ({
  kind: 'text',
  id: `text-${index}`,
  label: 'Name',
  x: 0.1,
  y: 0.4,
  w: 0.8,
  h: 0.2,
  font: 'playfair',
  minSize: 16,
  maxSize: 72,
  colour: '#1a1a1a',
  maxChars: 20,
  align: 'center',
});
const newPhoto = (index: number): PhotoArea => ({ kind: 'photo', id: `photo-${index}`, label: 'Photo', x: 0.05, y: 0.05, w: 0.3, h: 0.3, aspect: 1 });

/** A number input that keeps what is typed (an empty field while editing) and hands numbers up. */
function NumberField({
  label,
  value,
  step,
  error,
  onChange,
}: {
  label: string;
  value: number;
  step: number;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={step}
        value={Number.isFinite(value) ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-11 w-24 rounded-lg border border-line px-2"
      />
      {error ? (
        <span id={`${id}-error`} className="text-xs text-danger">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The live preview's template of a personalised product (issue 24, decision 107): a base photo from the product's
 * images and its areas, edited with numeric fields (fractions of the photo), drawn live over the photo as outlined
 * boxes. Saved through a server action; the API answers field-named codes, shown beside their field.
 */
export function PersonalisationEditor({
  productId,
  images,
  template,
  personalised,
  messages,
}: {
  productId: string;
  images: Image[];
  template: PersonalisationTemplate | null;
  personalised: boolean;
  messages: Record<string, unknown>;
}) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const router = useRouter();
  const hydrated = useHydrated();
  const baseId = useId();
  const [baseImageId, setBaseImageId] = useState(template?.baseImage.id ?? images[0]?.id ?? '');
  const [areas, setAreas] = useState<TemplateArea[]>(template?.areas ?? [newText(1)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = images.find((image) => image.id === baseImageId) ?? null;

  const update = (index: number, change: Partial<TextArea> | Partial<PhotoArea>) =>
    setAreas((list) => list.map((area, at) => (at === index ? ({ ...area, ...change } as TemplateArea) : area)));
  const errorOf = (index: number, field: string) => errors[`areas.${index}.${field}`];

  const save = async () => {
    setBusy(true);
    setFailure(null);
    setErrors({});
    const result = await savePersonalisationTemplate(productId, { baseImageId, areas });
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message);
      setErrors(Object.fromEntries(Object.entries(result.errors ?? {}).map(([field, error]) => [field, error.message])));
      return;
    }
    void showToast('success', t('personalisation.saved'));
    router.refresh();
  };
  const remove = async () => {
    setBusy(true);
    const result = await deletePersonalisationTemplate(productId);
    setBusy(false);
    if (!result.ok) return setFailure(result.message);
    void showToast('success', t('personalisation.removed'));
    router.refresh();
  };

  if (!personalised) {
    return (
      <section aria-labelledby={`${baseId}-title`} className="rounded-xl border border-line p-4">
        <h2 id={`${baseId}-title`} className="text-lg font-semibold">
          {t('personalisation.title')}
        </h2>
        <p className="text-muted">{t('personalisation.needsType')}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex flex-col gap-4 rounded-xl border border-line p-4" data-testid="personalisation-editor">
      <h2 id={`${baseId}-title`} className="text-lg font-semibold">
        {t('personalisation.title')}
      </h2>
      <p className="text-sm text-muted">{t('personalisation.intro')}</p>
      {images.length === 0 ? <p className="text-muted">{t('personalisation.noImages')}</p> : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={baseId} className="text-sm font-semibold">
          {t('personalisation.base')}
        </label>
        <select
          id={baseId}
          value={baseImageId}
          onChange={(event) => setBaseImageId(event.target.value)}
          className="min-h-11 max-w-sm rounded-lg border border-line px-2"
        >
          {images.map((image, index) => (
            <option key={image.id} value={image.id}>
              {t('images.position', { n: index + 1, total: images.length })} ({image.width}×{image.height})
            </option>
          ))}
        </select>
        {errors.baseImageId ? <span className="text-xs text-danger">{errors.baseImageId}</span> : null}
      </div>

      {base ? (
        <figure className="relative max-w-xl" aria-label={t('personalisation.previewLabel')}>
          {}
          <img src={base.original} alt="" width={base.width} height={base.height} className="block h-auto w-full" />
          <svg viewBox="0 0 1 1" preserveAspectRatio="none" className="absolute inset-0 h-full w-full" aria-hidden="true">
            {areas.map((area, index) => (
              <rect
                key={index}
                x={area.x}
                y={area.y}
                width={Math.max(0, area.w)}
                height={Math.max(0, area.h)}
                fill={area.kind === 'text' ? 'rgba(37,99,235,0.15)' : 'rgba(22,163,74,0.15)'}
                stroke={area.kind === 'text' ? '#2563eb' : '#16a34a'}
                strokeWidth={0.004}
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
          {areas.map((area, index) => (
            <span
              key={index}
              className="absolute truncate bg-white/80 px-1 text-xs"
              style={{ left: `${area.x * 100}%`, top: `${area.y * 100}%`, maxWidth: `${Math.max(0, area.w) * 100}%` }}
            >
              {area.label || area.id}
            </span>
          ))}
        </figure>
      ) : null}

      <ol className="flex flex-col gap-4">
        {areas.map((area, index) => (
          <li key={index} className="rounded-lg border border-line p-3">
            <fieldset className="flex flex-col gap-2">
              <legend className="font-semibold">{t(area.kind === 'text' ? 'personalisation.textArea' : 'personalisation.photoArea', { n: index + 1 })}</legend>
              <div className="flex flex-wrap gap-3">
                <label className="flex flex-col gap-1 text-xs font-semibold">
                  {t('personalisation.id')}
                  <input
                    value={area.id}
                    onChange={(event) => update(index, { id: event.target.value })}
                    className="min-h-11 w-32 rounded-lg border border-line px-2 font-normal"
                  />
                  {errorOf(index, 'id') ? <span className="text-danger">{errorOf(index, 'id')}</span> : null}
                </label>
                <label className="flex flex-col gap-1 text-xs font-semibold">
                  {t('personalisation.label')}
                  <input
                    value={area.label}
                    onChange={(event) => update(index, { label: event.target.value })}
                    className="min-h-11 w-40 rounded-lg border border-line px-2 font-normal"
                  />
                  {errorOf(index, 'label') ? <span className="text-danger">{errorOf(index, 'label')}</span> : null}
                </label>
                {(['x', 'y', 'w', 'h'] as const).map((field) => (
                  <NumberField
                    key={field}
                    label={t(`personalisation.${field}`)}
                    value={area[field]}
                    step={0.01}
                    error={errorOf(index, field)}
                    onChange={(value) => update(index, { [field]: value })}
                  />
                ))}
              </div>
              {area.kind === 'text' ? (
                <div className="flex flex-wrap gap-3">
                  <label className="flex flex-col gap-1 text-xs font-semibold">
                    {t('personalisation.font')}
                    <select
                      value={area.font}
                      onChange={(event) => update(index, { font: event.target.value as TextArea['font'] })}
                      className="min-h-11 rounded-lg border border-line px-2 font-normal"
                    >
                      {PREVIEW_FONTS.map((font) => (
                        <option key={font} value={font}>
                          {t(`personalisation.fonts.${font}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <NumberField
                    label={t('personalisation.minSize')}
                    value={area.minSize}
                    step={1}
                    error={errorOf(index, 'minSize')}
                    onChange={(value) => update(index, { minSize: value })}
                  />
                  <NumberField
                    label={t('personalisation.maxSize')}
                    value={area.maxSize}
                    step={1}
                    error={errorOf(index, 'maxSize')}
                    onChange={(value) => update(index, { maxSize: value })}
                  />
                  <NumberField
                    label={t('personalisation.maxChars')}
                    value={area.maxChars}
                    step={1}
                    error={errorOf(index, 'maxChars')}
                    onChange={(value) => update(index, { maxChars: value })}
                  />
                  <label className="flex flex-col gap-1 text-xs font-semibold">
                    {t('personalisation.colour')}
                    <input
                      type="color"
                      value={area.colour}
                      onChange={(event) => update(index, { colour: event.target.value })}
                      className="min-h-11 w-16 rounded-lg border border-line"
                    />
                    {errorOf(index, 'colour') ? <span className="text-danger">{errorOf(index, 'colour')}</span> : null}
                  </label>
                  <label className="flex flex-col gap-1 text-xs font-semibold">
                    {t('personalisation.align')}
                    <select
                      value={area.align}
                      onChange={(event) => update(index, { align: event.target.value as TextArea['align'] })}
                      className="min-h-11 rounded-lg border border-line px-2 font-normal"
                    >
                      {(['start', 'center', 'end'] as const).map((align) => (
                        <option key={align} value={align}>
                          {t(`personalisation.aligns.${align}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
              ) : (
                <NumberField
                  label={t('personalisation.aspect')}
                  value={area.aspect}
                  step={0.05}
                  error={errorOf(index, 'aspect')}
                  onChange={(value) => update(index, { aspect: value })}
                />
              )}
              <div>
                <button
                  type="button"
                  onClick={() => setAreas((list) => list.filter((_, at) => at !== index))}
                  className="min-h-11 rounded-full border border-line px-4 text-sm"
                >
                  {t('personalisation.removeArea', { n: index + 1 })}
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => setAreas((list) => [...list, newText(list.length + 1)])} className="min-h-11 rounded-full border border-line px-4">
          {t('personalisation.addText')}
        </button>
        <button
          type="button"
          onClick={() => setAreas((list) => [...list, newPhoto(list.length + 1)])}
          className="min-h-11 rounded-full border border-line px-4"
        >
          {t('personalisation.addPhoto')}
        </button>
      </div>
      {errors.areas ? <FormMessage tone="error">{errors.areas}</FormMessage> : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={!hydrated || busy || !baseImageId}
          onClick={() => void save()}
          className="min-h-11 rounded-full bg-brand px-6 font-semibold text-white disabled:opacity-60"
        >
          {t('personalisation.save')}
        </button>
        {template ? (
          <button type="button" disabled={!hydrated || busy} onClick={() => void remove()} className="min-h-11 rounded-full border border-line px-6">
            {t('personalisation.remove')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
