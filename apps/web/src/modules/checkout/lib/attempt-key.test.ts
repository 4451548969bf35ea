import { describe, expect, test } from 'vitest';
import { attemptKeyFor, finishAttempt, fingerprintOf, newAttemptKey, storageAttemptStore } from './attempt-key';

function fakeStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('checkout attempt key', () => {
  test('the same request reuses the key (double click, retry), a changed one gets a new key', () => {
    const store = storageAttemptStore(fakeStorage());
    const next = counter();
    const a = fingerprintOf({ items: [{ productId: 'p', variantId: null, quantity: 1 }], addressId: 'x' });
    const b = fingerprintOf({ items: [{ productId: 'p', variantId: null, quantity: 2 }], addressId: 'x' });
    expect(attemptKeyFor(a, store, next)).toBe('key-1');
    expect(attemptKeyFor(a, store, next)).toBe('key-1');
    expect(attemptKeyFor(b, store, next)).toBe('key-2');
    expect(attemptKeyFor(a, store, next)).toBe('key-3');
  });

  test('a finished attempt is not reused: the next order is a new one', () => {
    const store = storageAttemptStore(fakeStorage());
    const next = counter();
    const a = fingerprintOf({ addressId: 'x' });
    expect(attemptKeyFor(a, store, next)).toBe('key-1');
    finishAttempt(store);
    expect(attemptKeyFor(a, store, next)).toBe('key-2');
  });

  test('survives a reload of the tab through storage', () => {
    const storage = fakeStorage();
    const a = fingerprintOf({ addressId: 'x' });
    expect(attemptKeyFor(a, storageAttemptStore(storage), counter())).toBe('key-1');
    expect(attemptKeyFor(a, storageAttemptStore(storage), () => 'other')).toBe('key-1');
  });

  test('works in memory when storage throws or holds junk', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    const store = storageAttemptStore(broken);
    expect(attemptKeyFor('f', store, counter())).toBe('key-1');
    expect(attemptKeyFor('f', store, () => 'other')).toBe('key-1');
    const junk = fakeStorage();
    junk.setItem('checkout-attempt', '{"nope":1');
    expect(attemptKeyFor('f', storageAttemptStore(junk), () => 'fresh')).toBe('fresh');
    expect(attemptKeyFor('f', storageAttemptStore(null), () => 'mem')).toBe('mem');
  });

  test('the fingerprint ignores key order but not values or line order', () => {
    expect(fingerprintOf({ a: 1, b: { c: 2, d: 3 } })).toBe(fingerprintOf({ b: { d: 3, c: 2 }, a: 1 }));
    expect(fingerprintOf({ a: [1, 2] })).not.toBe(fingerprintOf({ a: [2, 1] }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });
});

describe('new attempt key', () => {
  test('a v4 uuid with or without randomUUID, different each time', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const insecure = {
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => globalThis.crypto.getRandomValues(array as Uint8Array) as unknown as T,
    };
    const a = newAttemptKey(insecure);
    expect(a).toMatch(uuid);
    expect(newAttemptKey(insecure)).not.toBe(a);
    expect(newAttemptKey()).toMatch(uuid);
  });
});
