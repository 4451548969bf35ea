import { describe, expect, it } from 'vitest';
import { paidCheckAfterMs } from '../../src/payments/reconcile-defaults.ts';

describe('when a paid order is asked about its other payments (decision 148)', () => {
  it('waits an hour under the default 15-minute reservation', () => {
    expect(paidCheckAfterMs(15)).toBe(3_600_000);
  });

  it('waits half an hour past a longer reservation, so a checkout left open to its end has paid first', () => {
    expect(paidCheckAfterMs(45)).toBe(75 * 60_000);
    // The longest reservation the settings allow still leaves a day of the reconciliation's two-day look-back.
    expect(paidCheckAfterMs(24 * 60)).toBe(24.5 * 3_600_000);
  });
});
