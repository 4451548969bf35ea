import { describe, expect, it } from 'vitest';
import { PENDING_MAX_AGE_MS, parsePending } from './pending-personalisation';

const now = Date.parse('2026-11-26T20:00:00Z');
const stored = { lineId: 'p-plate', texts: { name: 'آشا راو' }, quantity: 2, photoAreas: ['photo'], savedAt: now - 60_000 };

describe('a personalised add waiting for sign-in (decision 120)', () => {
  it('gives back what was stored for the same line', () => {
    expect(parsePending(JSON.stringify(stored), 'p-plate', now)).toEqual(stored);
  });

  it("is not another product's: a different line gets nothing", () => {
    expect(parsePending(JSON.stringify(stored), 'p-mug', now)).toBeNull();
  });

  it('is dropped once older than half an hour: an old intent is not added on a later visit', () => {
    expect(parsePending(JSON.stringify(stored), 'p-plate', stored.savedAt + PENDING_MAX_AGE_MS)).toEqual(stored);
    expect(parsePending(JSON.stringify(stored), 'p-plate', stored.savedAt + PENDING_MAX_AGE_MS + 1)).toBeNull();
  });

  it('trusts nothing malformed in storage', () => {
    const bad = (change: Record<string, unknown>) => parsePending(JSON.stringify({ ...stored, ...change }), 'p-plate', now);
    expect(parsePending(null, 'p-plate', now)).toBeNull();
    expect(parsePending('{not json', 'p-plate', now)).toBeNull();
    expect(parsePending('"p-plate"', 'p-plate', now)).toBeNull();
    expect(bad({ savedAt: 'yesterday' })).toBeNull();
    expect(bad({ savedAt: now + 60_000 })).toBeNull();
    expect(bad({ texts: ['Asha'] })).toBeNull();
    expect(bad({ texts: { name: 7 } })).toBeNull();
    expect(bad({ texts: { name: 'x'.repeat(401) } })).toBeNull();
    expect(bad({ quantity: 0 })).toBeNull();
    expect(bad({ quantity: 1.5 })).toBeNull();
    expect(bad({ quantity: 1000 })).toBeNull();
    expect(bad({ photoAreas: 'photo' })).toBeNull();
    expect(bad({ photoAreas: [1] })).toBeNull();
  });
});
