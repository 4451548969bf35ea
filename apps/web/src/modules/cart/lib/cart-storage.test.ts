import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartStorage } from './cart-storage';

describe('cartStorage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('throws on the server, where zustand then keeps the store unpersisted', () => {
    expect(() => cartStorage()).toThrow(/server/);
  });

  it("is the browser's local storage where it may be used", () => {
    const localStorage = { getItem: vi.fn(), setItem: vi.fn(), removeItem: vi.fn() };
    vi.stubGlobal('window', { localStorage });
    expect(cartStorage()).toBe(localStorage);
  });

  it("keeps the cart in the page's memory where the browser refuses storage", () => {
    const refused = {};
    Object.defineProperty(refused, 'localStorage', {
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    vi.stubGlobal('window', refused);
    const storage = cartStorage();
    expect(storage.getItem('cart')).toBeNull();
    storage.setItem('cart', '{"items":[]}');
    expect(storage.getItem('cart')).toBe('{"items":[]}');
    storage.removeItem('cart');
    expect(storage.getItem('cart')).toBeNull();
  });
});
