import type { RefusalEntry, RefusalParams } from './define.ts';
import { accountRefusals } from './account.ts';
import { adminRefusals } from './admin.ts';
import { catalogueRefusals } from './catalogue.ts';
import { customisationRefusals } from './customisation.ts';
import { engagementRefusals } from './engagement.ts';
import { generalRefusals } from './general.ts';
import { orderRefusals } from './orders.ts';
import { paymentRefusals } from './payments.ts';
import { refundRefusals } from './refunds.ts';
import { codRefusals } from './cod.ts';
import { invoiceRefusals } from './invoices.ts';
import { messageRefusals } from './messages.ts';
import { searchRefusals } from './search.ts';
import { deliveryRefusals } from './delivery.ts';
import { shippingRefusals } from './shipping.ts';
import { wishlistRefusals } from './wishlist.ts';
import { giftingRefusals } from './gifting.ts';

export type { RefusalEntry, RefusalParam, RefusalParams } from './define.ts';
export { defineRefusals } from './define.ts';

/**
 * Every refusal code the API answers, by area (decision 037). refusals.test.ts checks that no code is declared in two
 * areas and that every code has an English, Hindi and Arabic text in the storefront.
 */
export const refusalAreas = {
  general: generalRefusals,
  orders: orderRefusals,
  customisation: customisationRefusals,
  account: accountRefusals,
  engagement: engagementRefusals,
  catalogue: catalogueRefusals,
  admin: adminRefusals,
  payments: paymentRefusals,
  refunds: refundRefusals,
  cod: codRefusals,
  invoices: invoiceRefusals,
  messages: messageRefusals,
  search: searchRefusals,
  delivery: deliveryRefusals,
  shipping: shippingRefusals,
  wishlist: wishlistRefusals,
  gifting: giftingRefusals,
} as const;

export const refusals = {
  ...generalRefusals,
  ...orderRefusals,
  ...customisationRefusals,
  ...accountRefusals,
  ...engagementRefusals,
  ...catalogueRefusals,
  ...adminRefusals,
  ...paymentRefusals,
  ...refundRefusals,
  ...codRefusals,
  ...invoiceRefusals,
  ...messageRefusals,
  ...searchRefusals,
  ...deliveryRefusals,
  ...shippingRefusals,
  ...wishlistRefusals,
  ...giftingRefusals,
} as const;

type Refusals = typeof refusals;
export type RefusalCode = keyof Refusals;
/** The params a code's text needs (fixed ones excluded: they are added from the entry). */
export type ParamsOf<C extends RefusalCode> = Refusals[C]['message'] extends (params: infer P) => string
  ? Omit<P, keyof NonNullable<Refusals[C] extends { fixed: infer F } ? F : never>>
  : never;

/** A field's refusal inside `errors`: `{ code, message, params? }`. */
export interface FieldRefusal {
  code: string;
  message: string;
  params?: RefusalParams;
}

/** A refusal's body: `{ message, code, params?, errors? }`. */
export interface RefusalBody extends FieldRefusal {
  errors?: Record<string, FieldRefusal>;
  /** Only on a 5xx: the id to quote when reporting it. */
  requestId?: string;
}

export function isRefusalCode(value: unknown): value is RefusalCode {
  return typeof value === 'string' && Object.hasOwn(refusals, value);
}

function entryOf(code: RefusalCode): RefusalEntry {
  return refusals[code] as unknown as RefusalEntry;
}

export function refusalStatus(code: RefusalCode): number {
  return entryOf(code).status;
}

/** The params a refusal carries: the caller's plus the code's fixed ones; undefined when there are none. */
export function refusalParams(code: RefusalCode, params?: RefusalParams): RefusalParams | undefined {
  const fixed = entryOf(code).fixed as RefusalParams | undefined;
  if (!fixed && !params) return undefined;
  const merged = { ...fixed, ...params };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** The English text of a code (the API's `message`). */
export function refusalMessage<C extends RefusalCode>(code: C, ...[params]: Record<never, never> extends ParamsOf<C> ? [ParamsOf<C>?] : [ParamsOf<C>]): string {
  return entryOf(code).message(refusalParams(code, params) ?? {});
}

/** `{ code, message, params? }` for a field. */
export function fieldRefusal<C extends RefusalCode>(
  code: C,
  ...[params]: Record<never, never> extends ParamsOf<C> ? [ParamsOf<C>?] : [ParamsOf<C>]
): FieldRefusal {
  const all = refusalParams(code, params);
  const message = entryOf(code).message(all ?? {});
  return all ? { code, message, params: all } : { code, message };
}
