import { customisationApiPaths, type CustomisationRequest, type UploadedImage, uploadedImagesSchema } from '@shop/domain/customisation';
import { orderSchema } from '@shop/domain/order';
import { currentAccessToken } from './access-token';
import { browserApi, BrowserApiError, checkedBrowserAnswer } from './browser-client';
import { refusalFrom } from './refusal';

/**
 * The personalisation calls the browser makes (issue 5, spec §7). Only the customisation dialog imports this module,
 * and it loads with the dialog (which has zod for its form already), so taking the paths and the answers' schemas
 * from the domain costs the order pages nothing.
 */

/** GET one of the caller's orders (the dialog reads the line it personalises; 404 for another user's). */
export const getMyOrderInBrowser = (id: string) => browserApi(`/api/user/order/${encodeURIComponent(id)}`, { signedIn: true, schema: orderSchema });

/** POST customized-add: the order as it is after the details were stored. */
export const addCustomisation = (body: CustomisationRequest) =>
  browserApi(customisationApiPaths.add, { method: 'POST', body, signedIn: true, schema: orderSchema });

interface UploadTarget {
  orderId?: string;
  productId?: string;
  lineId?: string;
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
 * The storefront forwards /api/* through its proxy (src/proxy.ts), and Next buffers a proxied body only up to
 * `proxyClientMaxBodySize` (10 MiB by default): a larger one is cut and the request fails. Photos are therefore sent in
 * as few requests as keep each body under this budget (the multipart headers need a little room); a usual choice of
 * phone photos still goes in one request.
 */
export const UPLOAD_BODY_BUDGET = 9.5 * 1024 * 1024;

/** Files in their order, grouped so each group's size stays within `budget` (a larger file goes alone). */
export function uploadBatches<T extends { size: number }>(files: readonly T[], budget = UPLOAD_BODY_BUDGET): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const file of files) {
    if (current.length > 0 && size + file.size > budget) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(file);
    size += file.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * POST the chosen photos as multipart (field `files` once per file, plus the optional `orderId`, `productId`, `lineId`), with
 * the same bearer token as every browser call, in as few requests as the proxy allows (uploadBatches). `onProgress`
 * receives the fraction 0..1 of all the bytes sent. Throws BrowserApiError with the server's message (and per-field
 * errors), UploadNetworkError or UploadAbortedError.
 */
export async function uploadCustomisationImages(
  files: readonly File[],
  target: UploadTarget,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage[]> {
  const token = await currentAccessToken({ signedIn: true });
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  const uploaded: UploadedImage[] = [];
  let sent = 0;
  for (const batch of uploadBatches(files)) {
    const size = batch.reduce((sum, file) => sum + file.size, 0);
    const before = sent;
    uploaded.push(...(await postBatch(batch, target, token, (fraction) => onProgress?.(Math.min(1, (before + fraction * size) / total)), signal)));
    sent += size;
  }
  onProgress?.(1);
  return uploaded;
}

/**
 * One multipart request. XMLHttpRequest, not fetch: only XHR reports upload progress (`xhr.upload.onprogress`), which
 * `onProgress` receives as the fraction 0..1 of this request's bytes sent.
 */
function postBatch(
  files: readonly File[],
  target: UploadTarget,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage[]> {
  if (signal?.aborted) return Promise.reject(new UploadAbortedError());
  const form = new FormData();
  // Text fields first: a streaming multipart parser on the server then knows the order before the first file.
  if (target.orderId) form.append('orderId', target.orderId);
  if (target.productId) form.append('productId', target.productId);
  if (target.lineId) form.append('lineId', target.lineId);
  for (const file of files) form.append('files', file, file.name);

  return new Promise<UploadedImage[]>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', customisationApiPaths.upload);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new BrowserApiError(refusalFrom(xhr.status, data, xhr.statusText), data));
        return;
      }
      try {
        resolve(checkedBrowserAnswer(uploadedImagesSchema, data, 'POST', customisationApiPaths.upload));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(new UploadNetworkError('The upload failed: check your connection and try again.'));
    xhr.onabort = () => reject(new UploadAbortedError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
