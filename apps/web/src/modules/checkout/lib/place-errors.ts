import type { CodedText, Refusal } from '@lib/api/refusal';

/**
 * What a refused or failed order placement means for the checkout page: which cart lines, which field, and whether
 * pressing again (with the same Idempotency-Key) is the right thing to do. Refusals stay coded (decision 037): the
 * page translates each by its code.
 */
export interface PlaceFailure {
  /** A lost connection, a server error or an order still being placed: retry with the same key. */
  retry: boolean;
  /** The server's refusal, shown next to the summary. Null for a network failure (the page words it). */
  refusal: (CodedText & { errors?: Record<string, CodedText> }) | null;
  /** Refusals per cart line index (out of stock, option gone, no cash on delivery). */
  lines: Record<number, CodedText[]>;
  coupon: CodedText | null;
  address: CodedText | null;
}

/** The API names lines `items.<index>` or `items.<index>.<field>`, in the order the lines were sent. */
const lineField = /^items\.(\d+)(?:\.|$)/;

/** Another request with the same key is still placing the order: the same key will get its answer. */
const RETRY_CODES = new Set(['order_in_flight']);

export function placeFailureOf(error: Refusal | null): PlaceFailure {
  if (!error) return { retry: true, refusal: null, lines: {}, coupon: null, address: null };
  const errors = error.errors ?? {};
  // 5xx (and no answer at all, status 0) is the server's or the network's trouble.
  const retry = error.status >= 500 || error.status === 0 || RETRY_CODES.has(error.code);
  const lines: Record<number, CodedText[]> = {};
  for (const [field, refusal] of Object.entries(errors)) {
    const match = lineField.exec(field);
    if (match) (lines[Number(match[1])] ??= []).push(refusal);
  }
  // Read field by field: a BrowserApiError's message is not an own enumerable property.
  const refusal: NonNullable<PlaceFailure['refusal']> = { code: error.code, message: error.message };
  if (error.params) refusal.params = error.params;
  if (error.errors) refusal.errors = error.errors;
  return {
    retry,
    refusal,
    lines,
    coupon: errors.couponCode ?? null,
    address: errors.addressId ?? null,
  };
}
