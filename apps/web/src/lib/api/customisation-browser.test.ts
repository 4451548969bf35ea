import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@shop/domain/customisation';
import { UPLOAD_BODY_BUDGET, uploadBatches } from './customisation-browser';

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
