import { describe, expect, it } from 'vitest';
import { totalOf } from './listing.ts';

describe('totalOf', () => {
  const never = () => Promise.reject(new Error('must not count'));

  it('derives the total from a last page without counting', async () => {
    expect(await totalOf({ offset: 48, returned: 5, hasMore: false, count: never })).toBe(53);
    expect(await totalOf({ offset: 0, returned: 0, hasMore: false, count: never })).toBe(0);
  });

  it('counts when more rows follow', async () => {
    expect(await totalOf({ offset: 0, returned: 24, hasMore: true, count: () => Promise.resolve(700) })).toBe(700);
  });

  it('never reports fewer than the rows already seen (a page beyond the cap)', async () => {
    expect(await totalOf({ offset: 1_200, returned: 24, hasMore: true, count: () => Promise.resolve(1_000) })).toBe(1_225);
  });

  it('counts for a page past the end', async () => {
    expect(await totalOf({ offset: 240, returned: 0, hasMore: false, count: () => Promise.resolve(30) })).toBe(30);
  });
});
