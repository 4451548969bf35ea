'use client';

import type { Image } from '@shop/domain/catalogue';
import { useId, useState } from 'react';
import { showToast } from '@modules/common/show-toast';
import { uploadCatalogueImage } from '../actions';

export interface ImageFieldTexts {
  label: string;
  choose: string;
  uploading: string;
  remove: string;
  hint: string;
}

/**
 * One image: choosing a file uploads it at once (the API re-encodes it) and shows the stored result as the preview;
 * the form then saves the image with the rest. Keyboard: the file input is a real, labelled input.
 */
export function ImageField({
  area,
  value,
  onChange,
  alt,
  error,
  texts,
  removable = true,
}: {
  area: 'categories' | 'brands' | 'sliders';
  value: Image | null;
  onChange: (image: Image | null) => void;
  alt: string;
  error?: string;
  texts: ImageFieldTexts;
  removable?: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const message = failure ?? error;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    const form = new FormData();
    form.set('file', file);
    form.set('alt', alt);
    const result = await uploadCatalogueImage(area, form);
    setBusy(false);
    if (!result.ok) {
      const message = result.errors?.file?.message ?? result.message;
      setFailure(message);
      void showToast('error', message);
      return;
    }
    onChange(result.value);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {texts.label}
      </label>
      <div className="flex flex-wrap items-center gap-4">
        {value ? (
          <img
            src={value.original}
            alt={value.alt ?? ''}
            width={96}
            height={96}
            className="size-24 rounded-lg border border-line object-cover"
            data-testid="image-preview"
          />
        ) : null}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={busy}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          aria-invalid={message ? true : undefined}
          onChange={(event) => void upload(event.target.files?.[0])}
          className="text-sm file:me-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-white file:px-4 file:font-medium"
        />
        {value && removable ? (
          <button type="button" onClick={() => onChange(null)} className="min-h-11 rounded px-2 text-sm font-medium text-danger hover:underline">
            {texts.remove}
          </button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {busy ? texts.uploading : texts.hint}
      </p>
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
    </div>
  );
}
