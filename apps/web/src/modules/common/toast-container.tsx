'use client';

import { useEffect, useRef } from 'react';
import { Bounce, ToastContainer, type CloseButtonProps } from 'react-toastify';
import { directionOf } from '@lib/locale/config';
import { useShopLocale } from './locale-context';
import { toastOptions } from './toast-options';

/** What screen readers hear of the notifications, in the visitor's language (react-toastify's own are English). */
export interface ToastLabels {
  /** The notifications region. */
  region: string;
  close: string;
  /** Each toast's countdown bar. */
  timer: string;
}

/** react-toastify's close button (its classes and cross) with a translated name: the library exports no component to reuse. */
function CloseButton({ closeToast, theme, label }: CloseButtonProps & { label: string }) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
      </svg>
    </button>
  );
}

/** The react-toastify container with the spec's options; text direction and screen-reader texts follow the locale. */
export default function ShopToastContainer({ labels }: { labels: ToastLabels }) {
  const locale = useShopLocale();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // react-toastify 11 names every countdown bar "notification timer" and has no option for it, so each bar is named
    // as it appears. React leaves the attribute alone afterwards: its own value for it never changes.
    const nameBars = () => {
      for (const bar of element.querySelectorAll('[role="progressbar"]')) {
        if (bar.getAttribute('aria-label') !== labels.timer) bar.setAttribute('aria-label', labels.timer);
      }
    };
    nameBars();
    const observer = new MutationObserver(nameBars);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [labels.timer]);
  return (
    <div ref={box} className="contents">
      <ToastContainer
        {...toastOptions}
        transition={Bounce}
        rtl={directionOf(locale) === 'rtl'}
        aria-label={labels.region}
        closeButton={(props: CloseButtonProps) => <CloseButton {...props} label={labels.close} />}
      />
    </div>
  );
}
