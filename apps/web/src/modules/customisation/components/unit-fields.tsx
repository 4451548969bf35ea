'use client';

import { useId, type ChangeEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { UploadedImage } from '@shop/domain/customisation';

/** What the picker accepts (the server checks the bytes again, whatever the name or declared type says). */
const acceptedImageTypes = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

interface UnitFieldsProps {
  /** 1-based, as the label says it. */
  unit: number;
  productName: string;
  withText: boolean;
  withImages: boolean;
  mediaLimit: number;
  textRegistration: UseFormRegisterReturn;
  images: UploadedImage[];
  /** Already translated. */
  textError?: string;
  imagesError?: string;
  /** 0..1 while this unit's photos are uploading, else null. */
  progress: number | null;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  onRemove: (index: number) => void;
}

/**
 * One ordered unit (spec §2): 'Quantity {n} : {product name}', a text field for text/both, a photo picker for
 * image/both with a real progress bar while uploading, then 80x80 thumbnails that can be removed. Errors sit beside
 * their field, tied to it and announced.
 */
export function UnitFields(props: UnitFieldsProps) {
  const { unit, productName, withText, withImages, mediaLimit, textRegistration, images, textError, imagesError, progress, disabled } = props;
  const t = useTranslations('customisation');
  const id = useId();
  const ids = { text: `${id}-text`, textError: `${id}-text-error`, picker: `${id}-picker`, hint: `${id}-hint`, imagesError: `${id}-images-error` };
  const uploading = progress !== null;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared at once, so choosing the same files again still fires a change.
    event.target.value = '';
    if (files.length > 0) props.onFiles(files);
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-line p-3 sm:p-4" data-unit={unit}>
      <legend className="px-1 text-sm font-semibold text-ink">{t('unitLabel', { unit, name: productName })}</legend>
      {withText ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.text} className="sr-only">
            {t('textLabel', { unit })}
          </label>
          <input
            id={ids.text}
            type="text"
            placeholder={t('placeholder')}
            autoComplete="off"
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? ids.textError : undefined}
            className={`min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/20 ${textError ? 'border-danger' : 'border-line'}`}
            {...textRegistration}
            disabled={disabled}
          />
          {textError ? (
            <p id={ids.textError} role="alert" className="text-sm text-danger">
              {textError}
            </p>
          ) : null}
        </div>
      ) : null}
      {withImages ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            {/* The input is visually hidden behind its label, which looks like a button; it stays focusable. */}
            <input
              id={ids.picker}
              type="file"
              multiple
              accept={acceptedImageTypes}
              onChange={onChange}
              disabled={disabled || uploading}
              aria-invalid={imagesError ? true : undefined}
              aria-describedby={[ids.hint, imagesError ? ids.imagesError : null].filter(Boolean).join(' ')}
              className="peer sr-only"
              data-testid={`unit-${unit}-photos`}
            />
            <label
              htmlFor={ids.picker}
              className={`inline-flex min-h-11 cursor-pointer items-center rounded-full border border-brand px-4 text-sm font-semibold text-brand hover:bg-brand-soft peer-focus-visible:ring-2 peer-focus-visible:ring-brand peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
            >
              {t('photosButton', { count: mediaLimit })}
            </label>
          </div>
          <p id={ids.hint} className="text-xs text-muted">
            {t('photosHint', { count: mediaLimit })}
          </p>
          {uploading ? (
            <div className="flex flex-col gap-1" role="status">
              <span className="text-sm text-ink">{t('uploading')}</span>
              {/* Real progress while the bytes go; once all are sent the server is still processing: indeterminate. */}
              <progress
                max={1}
                value={progress < 1 ? progress : undefined}
                aria-label={t('progressLabel', { unit })}
                className="h-2 w-full overflow-hidden rounded-full accent-brand [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-surface [&::-webkit-progress-value]:bg-brand"
              />
            </div>
          ) : null}
          {images.length > 0 && !uploading ? (
            <ul className="flex flex-wrap gap-3" aria-label={t('unitLabel', { unit, name: productName })}>
              {images.map((image, index) => (
                <li key={image.id} className="relative">
                  <a
                    href={image.original}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('openPhoto', { index: index + 1, unit })}
                    className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    <img
                      src={image.thumbnail}
                      alt={t('photoAlt', { index: index + 1, unit })}
                      width={80}
                      height={80}
                      className="h-20 w-20 rounded-lg border border-line object-cover"
                    />
                  </a>
                  <button
                    type="button"
                    onClick={() => props.onRemove(index)}
                    disabled={disabled}
                    aria-label={t('removePhoto', { index: index + 1, unit })}
                    className="absolute -end-2 -top-2 inline-flex h-7 w-7 items-center justify-center rounded-full border border-line bg-white text-ink shadow hover:bg-brand-soft disabled:opacity-60"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {imagesError ? (
            <p id={ids.imagesError} role="alert" className="text-sm text-danger">
              {imagesError}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
