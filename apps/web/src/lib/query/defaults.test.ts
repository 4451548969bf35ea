import { describe, expect, it } from 'vitest';
import { queryDefaults, retryDelay } from './defaults';

describe('query defaults (spec §4, §9)', () => {
  it('does not refetch on window focus and retries once', () => {
    expect(queryDefaults.queries.refetchOnWindowFocus).toBe(false);
    expect(queryDefaults.queries.retry).toBe(1);
  });

  it('keeps unused data for five minutes', () => {
    expect(queryDefaults.queries.gcTime).toBe(300_000);
  });

  it('doubles the retry delay from one second and caps it at 30 seconds', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(retryDelay(5)).toBe(30_000);
    expect(retryDelay(20)).toBe(30_000);
    expect(queryDefaults.queries.retryDelay).toBe(retryDelay);
  });
});
