import { customisationApiPaths, type CustomisationRequest, type UploadedImage } from '@shop/domain/customisation';
import type { Order } from '@shop/domain/order';
import { currentAccessToken } from './access-token';
import { browserApi, BrowserApiError } from './browser-client';

/**
 * The personalisation calls the browser makes (issue 5, spec §7). Only the customisation dialog imports this module,
 * and it loads with the dialog, so taking the paths from the domain (whose module builds zod schemas) costs the order
 * pages nothing.
 */

/** GET one of the caller's orders (the dialog reads the line it personalises; 404 for another user's). */
export const getMyOrderInBrowser = (id: string) => browserApi<Order>(`/api/user/order/${encodeURIComponent(id)}`, { signedIn: true });

/** POST customized-add: the order as it is after the details were stored. */
export const addCustomisation = (body: CustomisationRequest) => browserApi<Order>(customisationApiPaths.add, { method: 'POST', body, signedIn: true });

export interface UploadTarget {
  orderId?: string;
  productId?: string;
}

/** The request never got an answer (offline, dropped connection): its message is the browser's own. */
export class UploadNetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadNetworkError';
  }
}

/** The upload was stopped by the caller (the dialog closed). */
export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadAbortedError';
  }
}

/**
 * POST the chosen photos as multipart (field `files` once per file, plus the optional `orderId` and `productId`), with
 * the same bearer token as every browser call. XMLHttpRequest, not fetch: only XHR reports upload progress, which
 * `onProgress` receives as a fraction 0..1 of the bytes sent. Throws BrowserApiError with the server's message (and
 * per-field errors), UploadNetworkError or UploadAbortedError.
 */
export async function uploadCustomisationImages(
  files: readonly File[],
  target: UploadTarget,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage[]> {
  const token = await currentAccessToken({ signedIn: true });
  if (signal?.aborted) throw new UploadAbortedError();
  const form = new FormData();
  // Text fields first: a streaming multipart parser on the server then knows the order before the first file.
  if (target.orderId) form.append('orderId', target.orderId);
  if (target.productId) form.append('productId', target.productId);
  for (const file of files) form.append('files', file, file.name);

  return new Promise<UploadedImage[]>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', customisationApiPaths.upload);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(data)) {
        onProgress?.(1);
        resolve(data as UploadedImage[]);
        return;
      }
      const error = (data ?? {}) as { message?: string; errors?: Record<string, string> };
      reject(new BrowserApiError(xhr.status, error.message ?? (xhr.statusText || `HTTP ${xhr.status}`), error.errors));
    };
    xhr.onerror = () => reject(new UploadNetworkError('The upload failed: check your connection and try again.'));
    xhr.onabort = () => reject(new UploadAbortedError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
