'use client';

import type { AdminProduct } from '@shop/domain/admin/products';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useState } from 'react';
import { FormMessage, useHydrated } from '@modules/auth/components/form-controls';
import { uploadProductImages } from '@lib/api/admin-browser';
import { showToast } from '@modules/common/show-toast';
import { imagesUploaded, saveGallery } from '../actions';
import { textsOf } from '../lib/client-texts';

type Image = AdminProduct['images'][number];

/**
 * A product's gallery: add images (previews of the chosen files before they are sent), move each earlier or later
 * with buttons (keyboard and screen-reader friendly, unlike drag and drop), remove, and edit alt texts. Files go from
 * the browser straight to the API through the storefront's /api proxy with the staff member's session cookie: a
 * server action's body is capped at 1 MB and photos may be 10 MB. Moves and removals are saved at once.
 */
export function ImageManager({ productId, images: initial, messages }: { productId: string; images: Image[]; messages: Record<string, unknown> }) {
  const t = useMemo(() => textsOf(messages), [messages]);
  const router = useRouter();
  const hydrated = useHydrated();
  const fileId = useId();
  const altId = useId();
  const [images, setImages] = useState(initial);
  const [alts, setAlts] = useState<Record<string, string>>(() => Object.fromEntries(initial.map((i) => [i.id, i.alt ?? ''])));
  const [files, setFiles] = useState<File[]>([]);
  const [newAlt, setNewAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const previews = useMemo(() => files.map((file) => ({ name: file.name, url: URL.createObjectURL(file) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);

  const apply = (product: AdminProduct) => {
    setImages(product.images);
    setAlts(Object.fromEntries(product.images.map((i) => [i.id, i.alt ?? ''])));
    router.refresh();
  };

  const save = async (next: Image[], done: string) => {
    setBusy(true);
    setFailure(null);
    const result = await saveGallery(productId, { images: next.map((image) => ({ id: image.id, alt: alts[image.id] ?? '' })) });
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message);
      void showToast('error', t('images.failed'));
      return;
    }
    apply(result.value);
    void showToast('success', done);
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item as Image);
    void save(next, t('images.gallerySaved'));
  };

  const upload = async () => {
    if (files.length === 0) return;
    setBusy(true);
    setFailure(null);
    const body = new FormData();
    if (newAlt.trim()) body.append('alt', newAlt.trim());
    for (const file of files) body.append('files', file, file.name);
    try {
      await uploadProductImages(productId, body);
      const result = await imagesUploaded(productId);
      if (!result.ok) throw new Error(result.message);
      apply(result.value);
      setFiles([]);
      setNewAlt('');
      void showToast('success', t('images.uploaded'));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      void showToast('error', t('images.failed'));
    } finally {
      setBusy(false);
    }
  };

  const button = 'min-h-11 min-w-11 rounded-full border border-line px-3 text-sm hover:bg-surface disabled:opacity-50';
  return (
    <section aria-labelledby={`${fileId}-title`} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:p-6" data-testid="image-manager">
      <h2 id={`${fileId}-title`} className="font-display text-lg font-semibold text-ink">
        {t('images.title')}
      </h2>
      <p className="text-sm text-muted">{t('images.intro')}</p>
      {images.length === 0 ? <p className="text-muted">{t('images.none')}</p> : null}
      <ol className="flex flex-col gap-3">
        {images.map((image, index) => (
          <li key={image.id} className="flex flex-col gap-3 rounded-lg border border-line p-3 sm:flex-row sm:items-center" data-testid="gallery-image">
            <img src={image.thumbnail ?? image.original} alt="" width={80} height={80} className="h-20 w-20 shrink-0 rounded-lg object-cover" />
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <span className="text-xs text-muted">{t('images.position', { n: index + 1, total: images.length })}</span>
              <label className="text-sm font-medium text-ink" htmlFor={`${fileId}-alt-${index}`}>
                {t('images.altOf', { n: index + 1 })}
              </label>
              <input
                id={`${fileId}-alt-${index}`}
                value={alts[image.id] ?? ''}
                onChange={(event) => setAlts({ ...alts, [image.id]: event.target.value })}
                maxLength={300}
                disabled={!hydrated}
                className="min-h-11 rounded-lg border border-line px-3 text-base"
              />
            </div>
            <div className="flex gap-2">
              <button
                type="button"
                className={button}
                disabled={busy || index === 0}
                onClick={() => move(index, -1)}
                aria-label={t('images.moveUp', { n: index + 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                className={button}
                disabled={busy || index === images.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t('images.moveDown', { n: index + 1 })}
              >
                ↓
              </button>
              <button
                type="button"
                className={`${button} text-danger`}
                disabled={busy}
                onClick={() =>
                  void save(
                    images.filter((i) => i.id !== image.id),
                    t('images.gallerySaved'),
                  )
                }
                aria-label={t('images.remove', { n: index + 1 })}
              >
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
      {images.length > 0 ? (
        <button type="button" className={`${button} self-start px-5`} disabled={busy} onClick={() => void save(images, t('images.gallerySaved'))}>
          {t('images.saveGallery')}
        </button>
      ) : null}

      <div className="flex flex-col gap-3 border-t border-line pt-4">
        <label htmlFor={fileId} className="text-sm font-medium text-ink">
          {t('images.choose')}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          multiple
          disabled={!hydrated || busy}
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          className="text-base"
        />
        {previews.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={t('images.choose')}>
            {previews.map((preview) => (
              <li key={preview.url}>
                <img src={preview.url} alt={preview.name} width={80} height={80} className="h-20 w-20 rounded-lg object-cover" />
              </li>
            ))}
          </ul>
        ) : null}
        <label htmlFor={altId} className="text-sm font-medium text-ink">
          {t('images.alt')}
        </label>
        <input
          id={altId}
          value={newAlt}
          onChange={(event) => setNewAlt(event.target.value)}
          maxLength={300}
          disabled={!hydrated}
          className="min-h-11 rounded-lg border border-line px-3 text-base"
        />
        <button
          type="button"
          onClick={() => void upload()}
          disabled={!hydrated || busy || files.length === 0}
          aria-busy={busy || undefined}
          className="inline-flex min-h-11 items-center self-start rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
        >
          {busy ? t('images.uploading') : t('images.upload')}
        </button>
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      </div>
    </section>
  );
}
