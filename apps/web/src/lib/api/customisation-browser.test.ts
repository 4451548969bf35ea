import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@shop/domain/customisation';
import { BrowserApiError } from './browser-client';
import { UPLOAD_BODY_BUDGET, uploadBatches, uploadCustomisationImages, UploadNetworkError } from './customisation-browser';

const MB = 1024 * 1024;
const files = (...sizes: number[]) => sizes.map((size, index) => ({ name: `f${index}`, size: size * MB }));
const names = (batches: { name: string }[][]) => batches.map((batch) => batch.map((file) => file.name));

describe('upload batches (each proxied body under Next’s 10 MiB buffer)', () => {
  it('sends a usual choice of photos in one request', () => {
    expect(names(uploadBatches(files(2, 3, 3)))).toEqual([['f0', 'f1', 'f2']]);
  });

  it('splits larger choices in order, never leaving a batch over the budget unless one file is', () => {
    expect(names(uploadBatches(files(6, 6, 2)))).toEqual([['f0'], ['f1', 'f2']]);
    expect(names(uploadBatches(files(9.8, 1)))).toEqual([['f0'], ['f1']]);
    for (const batch of uploadBatches(files(4, 5, 3, 7, 1, 2))) {
      expect(batch.reduce((sum, file) => sum + file.size, 0)).toBeLessThanOrEqual(UPLOAD_BODY_BUDGET);
    }
  });

  it('leaves room for the multipart headers below the proxy limit; a file at the API’s limit goes alone', () => {
    expect(UPLOAD_BODY_BUDGET).toBeLessThan(10 * MB - 64 * 1024);
    expect(names(uploadBatches([{ name: 'max', size: MAX_UPLOAD_BYTES }]))).toEqual([['max']]);
    expect(uploadBatches([])).toEqual([]);
  });
});

/** An XMLHttpRequest that answers every send with `status` and `body` (or fails as the network would). */
function fakeXhr(status: number, body: string | null) {
  return class {
    status = 0;
    statusText = '';
    responseText = '';
    responseType = '';
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    open() {}
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send() {
      queueMicrotask(() => {
        if (body === null) return this.onerror?.();
        this.status = status;
        this.responseText = body;
        this.onload?.();
      });
    }
  };
}

describe('uploadCustomisationImages refusals (decision 037)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const photo = () => new File([new Uint8Array(8)], 'holiday.jpg', { type: 'image/jpeg' });

  it("throws the API's coded refusal: its code, params and field refusals, as the dialog translates them", async () => {
    const field = { code: 'too_many_files', message: 'Upload at most 2 photos at a time', params: { max: 2 } };
    vi.stubGlobal('XMLHttpRequest', fakeXhr(400, JSON.stringify({ ...field, errors: { files: field } })));
    const error = await uploadCustomisationImages([photo()], {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BrowserApiError);
    expect(error).toMatchObject({ status: 400, code: 'too_many_files', params: { max: 2 }, errors: { files: field } });
  });

  it('gives an answer without a body the code of its status, and a dropped connection its own error', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr(413, ''));
    await expect(uploadCustomisationImages([photo()], {})).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
    vi.stubGlobal('XMLHttpRequest', fakeXhr(0, null));
    await expect(uploadCustomisationImages([photo()], {})).rejects.toBeInstanceOf(UploadNetworkError);
  });
});

describe('uploadCustomisationImages answers (decision 040)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const photo = () => new File([new Uint8Array(8)], 'holiday.jpg', { type: 'image/jpeg' });

  it('answers the uploaded images checked by the domain schema', async () => {
    const images = [{ id: 'i1', original: '/api/user/uploads/i1/display', thumbnail: '/api/user/uploads/i1/thumbnail' }];
    vi.stubGlobal('XMLHttpRequest', fakeXhr(201, JSON.stringify(images)));
    await expect(uploadCustomisationImages([photo()], {})).resolves.toEqual(images);
  });

  it('refuses an answer that is not a list of uploaded images (502 internal)', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr(201, JSON.stringify([{ id: 'i1' }])));
    await expect(uploadCustomisationImages([photo()], {})).rejects.toMatchObject({ status: 502, code: 'internal' });
  });
});
