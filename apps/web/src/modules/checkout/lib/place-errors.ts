/**
 * What a refused or failed order placement means for the checkout page: which cart lines, which field, and whether
 * pressing again (with the same Idempotency-Key) is the right thing to do.
 */
export interface PlaceFailure {
  /** A lost connection, a server error or an order still being placed: retry with the same key. */
  retry: boolean;
  /** The server's message (spec §8), shown next to the summary. Null for a network failure (the page words it). */
  message: string | null;
  /** Messages per cart line index (out of stock, option gone, no cash on delivery). */
  lines: Record<number, string>;
  coupon: string | null;
  address: string | null;
}

interface ServerError {
  status: number;
  message: string;
  errors?: Record<string, string>;
}

/** The API names lines `items.<index>` or `items.<index>.<field>`, in the order the lines were sent. */
const lineField = /^items\.(\d+)(?:\.|$)/;

export function placeFailureOf(error: ServerError | null): PlaceFailure {
  if (!error) return { retry: true, message: null, lines: {}, coupon: null, address: null };
  const errors = error.errors ?? {};
  // 409 without field errors is "still being placed" (a twin request holds the key); 5xx is the server's trouble.
  const retry = error.status >= 500 || error.status === 0 || (error.status === 409 && Object.keys(errors).length === 0);
  const lines: Record<number, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const match = lineField.exec(field);
    if (match) lines[Number(match[1])] = lines[Number(match[1])] ? `${lines[Number(match[1])]} ${message}` : message;
  }
  return {
    retry,
    message: error.message || null,
    lines,
    coupon: errors.couponCode ?? null,
    address: errors.addressId ?? null,
  };
}
