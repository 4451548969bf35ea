'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';

const ToastContainer = dynamic(() => import('./toast-container'), { ssr: false });

/**
 * Mounts the toast container once the page is idle, so react-toastify (script and injected CSS)
 * stays out of the first-load bundle. Toasts raised before it mounts are queued by react-toastify
 * and shown as soon as it does.
 */
export function Toasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 1000);
    return () => window.clearTimeout(id);
  }, []);
  return ready ? <ToastContainer /> : null;
}
