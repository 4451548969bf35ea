'use client';

import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { ToastLabels } from './toast-container';

// React.lazy rather than next/dynamic: next/dynamic's loader code would join every page's first load (decision 115).
// It is never rendered on the server: `mounted` is false there.
const ToastContainer = lazy(() => import('./toast-container'));

let requested = false;
const listeners = new Set<() => void>();

/** Mounts the toast container (once). `showToast` calls it; anything else about to raise a toast may too. */
export function requestToastContainer(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Mounts react-toastify's container only when toasts may be needed: when one is shown through `showToast`, or, for
 * code that imports react-toastify itself, when the browser is idle after the shopper's first click or key press
 * (toasts answer what someone did). Mounting it on every page load cost a ~60 ms task (4x that on a throttled phone)
 * inside the page's busiest second. Toasts raised before it mounts are queued by react-toastify and shown when it does.
 */
export function Toasts({ labels }: { labels: ToastLabels }) {
  const mounted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  useEffect(() => {
    if (requested) return;
    const events = ['pointerdown', 'keydown'] as const;
    const hasIdle = typeof window.requestIdleCallback === 'function';
    let idle: number | undefined;
    const onFirstInteraction = () => {
      for (const event of events) window.removeEventListener(event, onFirstInteraction, true);
      idle = hasIdle ? window.requestIdleCallback(requestToastContainer, { timeout: 2000 }) : window.setTimeout(requestToastContainer, 200);
    };
    for (const event of events) window.addEventListener(event, onFirstInteraction, { capture: true, passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, onFirstInteraction, true);
      if (idle === undefined) return;
      if (hasIdle) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastContainer labels={labels} />
    </Suspense>
  ) : null;
}
