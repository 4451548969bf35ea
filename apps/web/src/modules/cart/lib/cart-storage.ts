import type { StateStorage } from 'zustand/middleware';

/** A stand-in for local storage that lasts as long as the page. */
function pageMemory(): StateStorage {
  const items = new Map<string, string>();
  return {
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
  };
}

/**
 * Where the cart is kept: the browser's local storage, or, where the browser refuses it (site data blocked, some
 * private modes throw on any use), the page's memory, so adding to the cart still works until the page is left.
 * On the server there is no window and no storage: it throws, as zustand expects, and the store is only read there.
 */
export function cartStorage(): StateStorage {
  if (typeof window === 'undefined') throw new Error('no storage on the server');
  try {
    // Reading the property is what throws where storage is refused.
    return window.localStorage;
  } catch {
    return pageMemory();
  }
}
