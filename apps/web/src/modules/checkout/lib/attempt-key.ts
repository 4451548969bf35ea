/**
 * The Idempotency-Key of a checkout attempt. One key per attempt: the same order (same lines, address, payment and
 * coupon) sent again — a double click, an automatic retry after a dropped connection, a reload and a second press —
 * carries the same key, so the server answers the first order instead of placing another. Anything changed makes a
 * new attempt with a new key (the server refuses a known key with a different body). The attempt is kept in
 * sessionStorage so a reload of the tab mid-request still reuses it; it ends when the order is placed or refused.
 */

interface StoredAttempt {
  fingerprint: string;
  key: string;
}

export interface AttemptStore {
  read(): StoredAttempt | null;
  write(attempt: StoredAttempt | null): void;
}

/** The key for this request: the current attempt's when the request is the same, else a new attempt's. */
export function attemptKeyFor(fingerprint: string, store: AttemptStore, newKey: () => string): string {
  const current = store.read();
  if (current && current.fingerprint === fingerprint) return current.key;
  const key = newKey();
  store.write({ fingerprint, key });
  return key;
}

/** The attempt got a final answer (an order, or a refusal): the next press is a new attempt. */
export function finishAttempt(store: AttemptStore): void {
  store.write(null);
}

/** A stable text of what is being ordered: equal for equal requests, whatever the key order of the objects. */
export function fingerprintOf(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** Keeps the attempt in `storage` (the tab's sessionStorage), or in memory when storage is unavailable or full. */
export function storageAttemptStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null, name = 'checkout-attempt'): AttemptStore {
  let memory: StoredAttempt | null = null;
  return {
    read() {
      try {
        const raw = storage?.getItem(name);
        if (raw) {
          const parsed = JSON.parse(raw) as Partial<StoredAttempt>;
          if (typeof parsed.fingerprint === 'string' && typeof parsed.key === 'string') return { fingerprint: parsed.fingerprint, key: parsed.key };
        }
      } catch {
        // Unreadable storage: the in-memory copy still serves this page.
      }
      return memory;
    },
    write(attempt) {
      memory = attempt;
      try {
        if (attempt) storage?.setItem(name, JSON.stringify(attempt));
        else storage?.removeItem(name);
      } catch {
        // Private mode or a full storage: memory is enough for retries on this page.
      }
    },
  };
}

/**
 * A random version-4 uuid for a new attempt. crypto.randomUUID exists only on secure origins (https, localhost); a
 * shop reached over plain http (a LAN address in a test) still has getRandomValues.
 */
export function newAttemptKey(random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
