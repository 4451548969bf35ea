/**
 * The option (variant id) the shopper has picked in the buy box, for the other islands of the product page that
 * depend on it ("Notify me" asks for that option, decision 118). The buy box and they hydrate separately, so the
 * choice is shared through this small store outside React (read with useSyncExternalStore). Null until the shopper
 * picks one: each island then uses the option the server chose.
 */
type Listener = () => void;

let chosen: string | null = null;
const listeners = new Set<Listener>();

export function chooseVariant(variantId: string): void {
  if (chosen === variantId) return;
  chosen = variantId;
  for (const listener of listeners) listener();
}

export function chosenVariant(): string | null {
  return chosen;
}

export function subscribeToChosenVariant(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server knows no choice: every island renders the server's option first. */
export const noChosenVariant = (): string | null => null;
