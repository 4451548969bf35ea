'use client';

import type { CartLine } from '@shop/domain/cart/item';
import { checkPersonalisation, type PersonalisationTemplate, type TextArea } from '@shop/domain/gift/personalisation';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { uploadCustomisationImages } from '@lib/api/customisation-browser';
import { useCart } from '@modules/cart/lib/cart-store';
import { useCartHydrated } from '@modules/cart/lib/use-cart-hydrated';
import { useUI } from '@modules/common/ui-store';
import { clearPending, readPending, savePending } from './pending-personalisation';
import { loadTemplateFonts, previewFile, renderPreview } from './render-preview';

/** The panel's texts, translated on the server ({label}, {max}, {count}, {name} left in to fill here). */
export interface PersonaliseLabels {
  title: string;
  intro: string;
  /** "Preview of {name} with your personalisation" */
  preview: string;
  /** "{count} of {max} characters" */
  counter: string;
  /** "Photo for {label}" */
  photo: string;
  removePhoto: string;
  /** "Enter the {label}" */
  required: string;
  squeezed: string;
  add: string;
  adding: string;
  outOfStock: string;
  /** Under the button while signed out: adding asks for a sign-in, what was typed is kept. */
  signIn: string;
  /** After "Add" while signed out, until the shopper signs in. */
  waiting: string;
  /** Back on the page with a waiting add whose photos a reload lost. */
  photosAgain: string;
  failed: string;
}

interface Props {
  template: PersonalisationTemplate;
  productName: string;
  line: CartLine | null;
  quantity: number;
  /** Sets the buy box's quantity (a waiting add brings back the one chosen before signing in). */
  onQuantity?: (quantity: number) => void;
  labels: PersonaliseLabels;
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));

interface ChosenPhoto {
  file: File;
  image: HTMLImageElement;
  width: number;
  height: number;
  url: string;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Image ${src} did not load`));
    image.src = src;
  });
}

/**
 * The live personalisation preview on the product page (issue 24, docs/decisions/107). Loaded only on a product with
 * a template (buy-box-controls imports it dynamically, so other product pages never download it). The shopper types
 * a text per text box and picks a photo per photo box; the canvas redraws on every change, in the browser. "Add to
 * cart" uploads the chosen photos and the rendered preview (PNG) through the personalisation upload (signed in), then
 * adds the line with the values; they travel to the order line at checkout. Signed out, "Add" keeps the values
 * (pending-personalisation.ts) and opens the sign-in; the add finishes by itself once signed in (decision 120).
 */
export default function PersonalisationPanel({ template, productName, line, quantity, onQuantity, labels }: Props) {
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [base, setBase] = useState<HTMLImageElement | null>(null);
  const [fontsReady, setFontsReady] = useState(false);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [photos, setPhotos] = useState<Record<string, ChosenPhoto>>({});
  const [sizes, setSizes] = useState<Record<string, number>>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** "Add" was pressed signed out: add as soon as the shopper is signed in. */
  const [waiting, setWaiting] = useState(false);
  /** The photo boxes whose photos a reload lost (a waiting add found in storage). */
  const [photosAgain, setPhotosAgain] = useState<string[]>([]);
  const isAuthorized = useUI((s) => s.isAuthorized);
  const openModal = useUI((s) => s.openModal);
  const openCart = useUI((s) => s.openCart);
  const removeItem = useCart((s) => s.removeItem);
  const addItemWithQuantity = useCart((s) => s.addItemWithQuantity);
  const ready = useCartHydrated();

  useEffect(() => {
    let live = true;
    void loadImage(template.baseImage.original).then((image) => live && setBase(image));
    void loadTemplateFonts(template).then(() => live && setFontsReady(true));
    return () => {
      live = false;
    };
  }, [template]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !base) return;
    const frame = requestAnimationFrame(() => setSizes(renderPreview(canvas, template, { base, texts, photos })));
    return () => cancelAnimationFrame(frame);
  }, [template, base, texts, photos, fontsReady]);

  useEffect(() => () => Object.values(photos).forEach((photo) => URL.revokeObjectURL(photo.url)), [photos]);

  // Back on this product's page with an add that waited for a sign-in that reloaded the page: its texts and quantity
  // come back; it finishes by itself unless photos were chosen (they are not kept across a reload).
  const lineId = line?.id;
  useEffect(() => {
    if (!lineId) return;
    const pending = readPending(lineId);
    if (!pending) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from the tab's storage, an outside system, known only in the browser
    setTexts(pending.texts);
    onQuantity?.(pending.quantity);
    if (pending.photoAreas.length > 0) setPhotosAgain(pending.photoAreas);
    else setWaiting(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per line: a later quantity change is the shopper's
  }, [lineId]);

  const errors = checkPersonalisation(template, { texts, photos: {} });
  const textAreas = template.areas.filter((area): area is TextArea => area.kind === 'text');
  const stock = line?.stock ?? 0;

  async function choosePhoto(area: string, file: File | undefined) {
    setPhotosAgain((areas) => areas.filter((other) => other !== area));
    if (!file) {
      setPhotos(({ [area]: _gone, ...rest }) => rest);
      return;
    }
    const url = URL.createObjectURL(file);
    const image = await loadImage(url).catch(() => null);
    if (!image) return URL.revokeObjectURL(url);
    setPhotos((current) => ({ ...current, [area]: { file, image, width: image.naturalWidth, height: image.naturalHeight, url } }));
  }

  async function add() {
    setTouched(true);
    setFailure(null);
    const canvas = canvasRef.current;
    if (!line || !canvas || !base || Object.keys(errors).length > 0) return;
    const values = Object.fromEntries(textAreas.map((area) => [area.id, (texts[area.id] ?? '').trim()]));
    const count = Math.max(1, Math.min(quantity, stock));
    if (!isAuthorized) {
      // The uploads below are a signed-in customer's (decision 023): keep what was typed and ask for a sign-in.
      savePending({ lineId: line.id, texts: values, quantity: count, photoAreas: Object.keys(photos) });
      setWaiting(true);
      openModal('OTP_LOGIN_VIEW', null);
      return;
    }
    setWaiting(false);
    setBusy(true);
    try {
      // Drawn now with exactly these values: a frame may still be pending (values just restored after a sign-in).
      renderPreview(canvas, template, { base, texts, photos });
      const areas = Object.keys(photos);
      const files = [...areas.map((area) => photos[area]!.file), await previewFile(canvas)];
      const uploaded = await uploadCustomisationImages(files, {});
      const photoIds = Object.fromEntries(areas.map((area, index) => [area, uploaded[index]!.id]));
      const previewId = uploaded[uploaded.length - 1]!.id;
      // One personalisation per line: adding again with other values replaces the line (decision 107).
      removeItem(line.id);
      addItemWithQuantity({ ...line, personalisation: { texts: values, photos: photoIds, previewId } }, count);
      clearPending();
      setPhotosAgain([]);
      openCart();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? `${labels.failed} (${error.message})` : labels.failed);
    } finally {
      setBusy(false);
    }
  }

  // Signed in with an add waiting (the sign-in dialog, or a sign-in that reloaded the page): finish it, once the base
  // photo and the fonts are there to draw the preview with.
  const finishAdd = useEffectEvent(() => void add());
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- finishes the shopper's own "Add" once the session (an outside system) exists
    if (waiting && isAuthorized && ready && base && fontsReady && !busy) finishAdd();
  }, [waiting, isAuthorized, ready, base, fontsReady, busy]);

  const previewText = textAreas
    .map((area) => texts[area.id]?.trim())
    .filter(Boolean)
    .join(', ');

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-xl border border-line p-4" data-testid="personalisation-panel">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {labels.title}
        </h2>
        <p className="text-sm text-muted">{labels.intro}</p>
      </div>
      <figure className="m-0">
        <canvas
          ref={canvasRef}
          width={Math.round(template.baseImage.width)}
          height={Math.round(template.baseImage.height)}
          role="img"
          aria-label={fill(labels.preview, { name: productName })}
          data-preview-text={previewText}
          className="block h-auto w-full max-w-full rounded-lg bg-surface"
          style={{ aspectRatio: `${template.baseImage.width} / ${template.baseImage.height}` }}
        />
        <figcaption className="sr-only" aria-live="polite">
          {previewText}
        </figcaption>
      </figure>
      {template.areas.map((area) => {
        const inputId = `${id}-${area.id}`;
        if (area.kind === 'photo') {
          return (
            <div key={area.id} className="flex flex-col gap-1">
              <label htmlFor={inputId} className="text-sm font-semibold">
                {fill(labels.photo, { label: area.label })}
              </label>
              <input
                id={inputId}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
                onChange={(event) => void choosePhoto(area.id, event.target.files?.[0])}
                className="min-h-11 text-sm file:me-3 file:min-h-11 file:rounded-full file:border file:border-line file:bg-white file:px-4"
              />
              {photos[area.id] ? (
                <button type="button" onClick={() => void choosePhoto(area.id, undefined)} className="min-h-11 self-start text-sm text-brand underline">
                  {labels.removePhoto}
                </button>
              ) : null}
            </div>
          );
        }
        const value = texts[area.id] ?? '';
        const error = touched ? errors[`texts.${area.id}`] : undefined;
        const size = sizes[area.id];
        const squeezed = value.trim() !== '' && size !== undefined && size <= area.minSize;
        return (
          <div key={area.id} className="flex flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-semibold">
              {area.label}
            </label>
            <input
              id={inputId}
              type="text"
              dir="auto"
              autoComplete="off"
              maxLength={area.maxChars}
              value={value}
              onChange={(event) => setTexts((current) => ({ ...current, [area.id]: event.target.value }))}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${inputId}-count${error ? ` ${inputId}-error` : ''}`}
              className="h-11 rounded-lg border border-line bg-white px-3 text-ink"
            />
            <p id={`${inputId}-count`} className="text-xs text-muted">
              {fill(labels.counter, { count: [...value].length, max: area.maxChars })}
              {squeezed ? ` · ${labels.squeezed}` : ''}
            </p>
            {error ? (
              <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
                {fill(labels.required, { label: area.label })}
              </p>
            ) : null}
          </div>
        );
      })}
      {photosAgain.length > 0 ? (
        <p role="status" className="text-sm text-ink">
          {labels.photosAgain}
        </p>
      ) : null}
      <button
        type="button"
        disabled={!ready || busy || !line || stock <= 0}
        onClick={() => void add()}
        aria-describedby={isAuthorized ? undefined : `${id}-sign-in`}
        className={`inline-flex h-11 items-center justify-center rounded-full px-8 font-semibold ${
          !line || stock <= 0 ? 'cursor-not-allowed bg-line text-muted' : 'bg-brand text-white hover:bg-brand-strong'
        }`}
      >
        {stock <= 0 ? labels.outOfStock : busy ? labels.adding : labels.add}
      </button>
      {isAuthorized ? null : (
        <p id={`${id}-sign-in`} role="status" className="text-sm text-muted">
          {waiting ? labels.waiting : labels.signIn}
        </p>
      )}
      {failure ? (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
