'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { getImageProps } from 'next/image';
import type { Image as ProductImage } from '@shop/domain/catalogue';
import { capSrcSet } from '@modules/common/components/src-set';
import { galleryStep } from '../lib/gallery-steps';
import type { GalleryLabels } from './gallery-labels';

interface GalleryLightboxProps {
  images: ProductImage[];
  start: number;
  name: string;
  labels: GalleryLabels;
  /** Called with the image shown last, so the page's gallery can follow. */
  onClose: (index: number) => void;
}

const button =
  'grid h-11 w-11 place-items-center rounded-full bg-white/90 text-ink shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The enlarged view (decision 106): a native modal <dialog>, so the browser makes the page behind inert, closes it on
 * Escape and lays it over everything; Tab wraps at its ends, and on closing focus goes back where it was. "Zoom in"
 * shows the image at twice the screen's width in a scrollable frame (drag, wheel or the arrow keys pan it); zoomed
 * out, the arrow keys move between images, mirrored in rtl.
 */
export default function GalleryLightbox({ images, start, name, labels, onClose }: GalleryLightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [index, setIndex] = useState(start);
  const [zoomed, setZoomed] = useState(false);
  const latest = useRef({ index, onClose });
  useEffect(() => {
    latest.current = { index, onClose };
  });

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    // Focus goes back where it was (the enlarge button, or the strip Enter was pressed on) once the dialog closes.
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    // React does not write `autofocus` to the DOM, so the dialog would focus its first control (zoom): close is safer.
    closeButton.current?.focus();
    // Escape and the close button both end here.
    const closed = () => {
      latest.current.onClose(latest.current.index);
      returnTo?.focus();
    };
    el.addEventListener('close', closed);
    return () => el.removeEventListener('close', closed);
  }, []);

  function go(next: number) {
    setIndex(next);
    setZoomed(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Tab') return keepFocusInside(event);
    if (zoomed) return; // the arrows pan the enlarged image
    const next = galleryStep(event.key, index, images.length, getComputedStyle(event.currentTarget).direction === 'rtl');
    if (next === null) return;
    event.preventDefault();
    go(next);
  }

  /**
   * The page behind a modal dialog is inert, but Tab past the last control would still leave for the browser's own
   * toolbar; wrapping it keeps keyboard users in the dialog until they close it.
   */
  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button, [tabindex="0"]')];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const image = images[index] ?? images[0]!;
  const alt = image.alt ?? name;
  const { props } = getImageProps({ src: image.original, alt, width: image.width, height: image.height, sizes: zoomed ? '200vw' : '100vw' });
  const many = images.length > 1;

  return (
    <dialog
      ref={dialog}
      aria-label={`${name}: ${labels.image[index]}`}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-ink/95 p-0 text-white backdrop:bg-ink/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 p-3">
          <p className="text-sm" aria-live="polite">
            {labels.image[index]}
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              className={button}
              onClick={() => setZoomed((z) => !z)}
              aria-pressed={zoomed}
              aria-label={zoomed ? labels.zoomOut : labels.zoomIn}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <circle cx="11" cy="11" r="7" />
                <path d={zoomed ? 'M20 20l-4-4M8 11h6' : 'M20 20l-4-4M11 8v6M8 11h6'} />
              </svg>
            </button>
            {/* Focused on open. */}
            <button type="button" className={button} onClick={() => dialog.current?.close()} aria-label={labels.close} ref={closeButton}>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
        </div>
        <div className="relative min-h-0 flex-1">
          <div
            // Zoomed, the frame scrolls: keyboard users pan it with the arrow keys once it has focus.
            tabIndex={zoomed ? 0 : undefined}
            className={`h-full ${zoomed ? 'overflow-auto' : 'grid place-items-center overflow-hidden'}`}
          >
            <img
              {...props}
              srcSet={capSrcSet(props.srcSet, zoomed ? 3840 : 2048)}
              alt={alt}
              className={zoomed ? 'w-[200vw] max-w-none' : 'max-h-full max-w-full object-contain'}
            />
          </div>
          {many && !zoomed ? (
            <>
              <button
                type="button"
                className={`${button} absolute start-3 top-1/2 -translate-y-1/2`}
                onClick={() => go((index - 1 + images.length) % images.length)}
                aria-label={labels.previous}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M15 6l-6 6 6 6" />
                </svg>
              </button>
              <button
                type="button"
                className={`${button} absolute end-3 top-1/2 -translate-y-1/2`}
                onClick={() => go((index + 1) % images.length)}
                aria-label={labels.next}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M9 6l6 6-6 6" />
                </svg>
              </button>
            </>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
