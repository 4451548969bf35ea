/**
 * The shape of one refusal code (ARCHITECTURE.md, API conventions; decision 037). A code is a stable machine word
 * (`out_of_stock`, `coupon_minimum_not_met`); its English text is written here once and is the API's `message`, word
 * for word where the spec gives it. The storefront never reads that English: it translates the code with the
 * `params` the API sends (apps/web/src/i18n/messages/<locale>/refusals/<area>.json).
 */

/**
 * A value a translation may need: a name, a count, an amount in paise, or a list of names. An amount is named
 * `minimum`, `amount`, `total`, `price`, `fee` or `limit`: the storefront shows params of those names in rupees
 * (apps/web/src/lib/api/refusal-text.ts), so a count must be named otherwise (`count`, `max`, `left`).
 */
export type RefusalParam = string | number | readonly string[];
export type RefusalParams = Record<string, RefusalParam>;

export interface RefusalEntry<P extends RefusalParams = RefusalParams> {
  /** The HTTP status when this code refuses a whole request (a field error inside another refusal has none of its own). */
  readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 413 | 415 | 422 | 429 | 431 | 500 | 503;
  /** The English text (the API's `message`). */
  readonly message: (params: P) => string;
  /** Values fixed by the shop's rules (a maximum, a size), always sent as params so every language can name them. */
  readonly fixed?: Partial<P>;
  /** The other params as a refusal would carry them: the translation test renders every language with these. */
  readonly example?: Partial<P>;
}

/** Each entry checked against its own message's params (its `fixed` and `example` name those params). */
type Checked<T> = {
  [K in keyof T]: T[K] extends { message: (params: infer P extends RefusalParams) => string } ? RefusalEntry<P> : RefusalEntry<Record<never, never>>;
};

/** Declares one area's codes, keeping each code as a literal key and each entry's own params type. */
export function defineRefusals<const T extends Checked<T>>(entries: T): T {
  return entries;
}
