import { describe, expect, it } from 'vitest';
import { markOfferDone, OFFER_STORAGE_KEY, offerDone, shouldOpenOffer } from './offer-state';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe('the once-per-visitor newsletter offer', () => {
  it('is not done until the visitor closes it or subscribes', () => {
    const store = memoryStorage();
    expect(offerDone(store)).toBe(false);
    markOfferDone('closed', store);
    expect(offerDone(store)).toBe(true);
    expect(store.values.get(OFFER_STORAGE_KEY)).toBe('closed');
  });

  it('counts as done when storage is blocked, so it never shows on every page', () => {
    expect(offerDone(null)).toBe(true);
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(offerDone(throwing)).toBe(true);
    expect(() => markOfferDone('subscribed', throwing)).not.toThrow();
  });

  it('is shown to every visitor, automated browsers too, and waits while anything else is open', () => {
    expect(shouldOpenOffer({ done: false, overlayOpen: false })).toBe(true);
    expect(shouldOpenOffer({ done: true, overlayOpen: false })).toBe(false);
    expect(shouldOpenOffer({ done: false, overlayOpen: true })).toBe(false);
  });
});
