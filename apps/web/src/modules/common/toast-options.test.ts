import { describe, expect, it } from 'vitest';
import { toastOptions } from './toast-options';

describe('toast options (spec §9)', () => {
  it('auto-closes after 5000 ms, top-right, draggable', () => {
    expect(toastOptions).toEqual({ position: 'top-right', autoClose: 5000, draggable: true });
  });
});
