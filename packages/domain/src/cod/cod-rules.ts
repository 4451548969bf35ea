import type { Paise } from '../money.ts';
import { grandTotal } from '../pricing.ts';
import { isCashOnDelivery, type PaymentMethod } from '../payment.ts';

/**
 * The shop's cash-on-delivery controls (issue 20, decision 065): what a COD order costs extra, when cash on delivery
 * is not offered, what an online payment saves, and whether a COD order waits for the shopper's confirmation before
 * the shop makes it. Pure rules: the API decides with them at placement, the checkout shows the same numbers.
 * Cash on delivery is named only through payment.ts (`isCashOnDelivery`).
 */

/** How a new COD order is confirmed before production: not at all, a code sent by SMS, or a link sent by SMS. */
export const codConfirmationModes = ['off', 'sms_code', 'link'] as const;
export type CodConfirmationMode = (typeof codConfirmationModes)[number];
/** What an order waits for (the order keeps it; null when it needs no confirmation). */
export type CodConfirmationMethod = Exclude<CodConfirmationMode, 'off'>;

export interface PrepaidDiscount {
  /** Whole percent (1–50) of the items after the coupon. */
  percent: number;
  /** Never more than this, in paise. */
  cap: Paise;
}

export interface CodSettings {
  /** Charged on a COD order as its own line (paise); 0 means no fee. */
  fee: Paise;
  /** The most a COD order may ask the courier to collect (its grand total, fee included), in paise; null: no maximum. */
  maxOrderValue: Paise | null;
  /** Delivery pincodes (6 digits) COD is not offered to, sorted, without repeats. */
  blockedPincodes: string[];
  /** Open COD orders per customer; null: the server's OPEN_COD_ORDERS_MAX (decision 050). */
  maxOpenOrders: number | null;
  /** Taken off an order paid online; null: none. */
  prepaidDiscount: PrepaidDiscount | null;
  confirmation: CodConfirmationMode;
  /** An unconfirmed COD order is cancelled this many hours after it was placed. */
  confirmWithinHours: number;
}

/**
 * A fresh shop takes cash on delivery exactly as before these controls existed: no fee, no maximum, no blocked
 * pincodes, the server's open-order cap, no prepaid saving, no confirmation. Each control is the shop's choice (the
 * README suggests values); a default that refuses orders would surprise a shop that never opened the settings.
 */
export const DEFAULT_COD_SETTINGS: CodSettings = {
  fee: 0,
  maxOrderValue: null,
  blockedPincodes: [],
  maxOpenOrders: null,
  prepaidDiscount: null,
  confirmation: 'off',
  confirmWithinHours: 24,
};

/** Indian PIN code: six digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const MAX_BLOCKED_PINCODES = 2000;
export const MAX_PREPAID_DISCOUNT_PERCENT = 50;
export const MAX_CONFIRM_WITHIN_HOURS = 168;
/** Wrong SMS codes an order takes before its code stops working (the shop or the shopper can still cancel). */
export const MAX_COD_CODE_TRIES = 5;

/** The prepaid saving on items worth `itemsAfterCoupon` paise: a rounded percent, never above the cap or the items. */
export function prepaidSaving(itemsAfterCoupon: Paise, discount: PrepaidDiscount | null): Paise {
  if (!discount || itemsAfterCoupon <= 0) return 0;
  const raw = Math.round((itemsAfterCoupon * discount.percent) / 100);
  return Math.max(0, Math.min(raw, discount.cap, itemsAfterCoupon));
}

export interface ChargeInput {
  /** Items at their prices. */
  total: Paise;
  /** The coupon's discount. */
  discount: Paise;
  shipping: Paise;
  /** The gift-wrap line (issue 24): charged like shipping, no saving taken off it. */
  giftWrap?: Paise;
  method: PaymentMethod;
}

export interface PaymentCharges {
  /** The COD fee charged (0 for an online payment or a shop without a fee). */
  codFee: Paise;
  /** The online-payment saving taken off (0 for cash on delivery). */
  prepaidDiscount: Paise;
  /** What the shopper pays: items after the coupon, shipping, plus the fee, less the saving. */
  grandTotal: Paise;
}

/**
 * The charges that depend on how the shopper pays: a COD order carries the fee as its own line; an online payment
 * gets the prepaid saving on the items after the coupon (not on shipping or the fee).
 */
export function paymentCharges(input: ChargeInput, settings: Pick<CodSettings, 'fee' | 'prepaidDiscount'>): PaymentCharges {
  const base = grandTotal(input.total, input.discount, input.shipping) + (input.giftWrap ?? 0);
  if (isCashOnDelivery(input.method)) {
    const codFee = input.total > 0 ? settings.fee : 0;
    return { codFee, prepaidDiscount: 0, grandTotal: base + codFee };
  }
  const prepaidDiscount = prepaidSaving(Math.max(0, input.total - input.discount), settings.prepaidDiscount);
  return { codFee: 0, prepaidDiscount, grandTotal: Math.max(0, base - prepaidDiscount) };
}

/** Why cash on delivery is not offered for an order (the first reason that applies), or null when it is. */
export type CodBlock = { reason: 'order_value'; limit: Paise } | { reason: 'pincode'; pincode: string };

/**
 * The shop's own reasons to refuse cash on delivery: a blocked delivery pincode, or more cash to collect than the
 * maximum (`codTotal` is the COD order's grand total, fee included: what the courier collects). The products' own
 * cod flags (spec §4) are checked before this, by the cart and the order.
 */
export function codBlockFor(
  input: { codTotal: Paise; pincode: string | null },
  settings: Pick<CodSettings, 'maxOrderValue' | 'blockedPincodes'>,
): CodBlock | null {
  if (input.pincode !== null && settings.blockedPincodes.includes(input.pincode)) return { reason: 'pincode', pincode: input.pincode };
  if (settings.maxOrderValue !== null && input.codTotal > settings.maxOrderValue) return { reason: 'order_value', limit: settings.maxOrderValue };
  return null;
}

/** The open-COD-orders cap in force: the shop's setting, else the server's default (OPEN_COD_ORDERS_MAX). */
export function openCodCap(settings: Pick<CodSettings, 'maxOpenOrders'>, serverDefault: number): number {
  return settings.maxOpenOrders ?? serverDefault;
}

/** The confirmation a new order waits for: none for an online payment or when the shop does not ask. */
export function confirmationFor(method: PaymentMethod, settings: Pick<CodSettings, 'confirmation'>): CodConfirmationMethod | null {
  if (!isCashOnDelivery(method) || settings.confirmation === 'off') return null;
  return settings.confirmation;
}

/**
 * Whether an order still waits for its shopper to confirm cash on delivery: such an order is not made, packed or
 * shipped; the shop may only cancel it (and it cancels itself when the time runs out).
 */
export function awaitsCodConfirmation(order: {
  paymentMethod: PaymentMethod;
  codConfirmation: CodConfirmationMethod | null;
  codConfirmedAt: unknown;
}): boolean {
  return isCashOnDelivery(order.paymentMethod) && order.codConfirmation !== null && (order.codConfirmedAt === null || order.codConfirmedAt === undefined);
}

/** When an unconfirmed order placed at `placedAt` is cancelled. */
export function confirmDeadline(placedAt: Date, settings: Pick<CodSettings, 'confirmWithinHours'>): Date {
  return new Date(placedAt.getTime() + settings.confirmWithinHours * 3_600_000);
}
