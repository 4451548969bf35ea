import { formatInr } from '@shop/domain/money';
import {
  type CodConfirmationMethod,
  type CodSettings,
  codBlockFor,
  confirmationFor,
  confirmDeadline,
  openCodCap,
  paymentCharges,
  type PaymentCharges,
} from '@shop/domain/cod/cod-rules';
import { isCashOnDelivery, type PaymentMethod } from '@shop/domain/payment';
import { fieldRefusal } from '../lib/refusal.ts';
import type { OutboxMessageInput } from '../outbox/enqueue.ts';
import type { OrderLimits } from '../orders/limits.ts';
import { newSecret } from './cod-secrets.ts';

/**
 * What placing an order (orders/place-order.ts) asks of the shop's COD controls (issue 20, decision 065), kept here so
 * the placement service only calls in: the charges that depend on how the shopper pays, the shop's refusals of cash
 * on delivery, the open-orders cap in force, and the confirmation a new COD order waits for.
 */

export interface CodDeps {
  /** The shop's COD controls (memoised like the shipping rules; a settings save forgets them). */
  settings(): Promise<CodSettings>;
  /** The storefront's origin, for the confirmation link. */
  siteUrl: string;
}

/**
 * The fee or prepaid saving and the grand total for this order; refuses cash on delivery to a blocked pincode
 * (`cod_pincode_blocked`, naming addressId) or over the maximum (`cod_order_value_exceeded`, naming paymentMethod).
 */
export function chargesAtPlacement(
  settings: CodSettings,
  order: { method: PaymentMethod; total: number; discount: number; shipping: number; giftWrap?: number; pincode: string },
): PaymentCharges {
  const charges = paymentCharges(order, settings);
  if (isCashOnDelivery(order.method)) {
    const block = codBlockFor({ codTotal: charges.grandTotal, pincode: order.pincode }, settings);
    if (block?.reason === 'pincode') throw fieldRefusal('addressId', 'cod_pincode_blocked', { pincode: block.pincode });
    if (block?.reason === 'order_value') throw fieldRefusal('paymentMethod', 'cod_order_value_exceeded', { limit: block.limit });
  }
  return charges;
}

/** The order limits with the shop's open-COD cap in force (OPEN_COD_ORDERS_MAX when the shop set none). */
export function limitsWithCodCap(limits: OrderLimits, settings: CodSettings): OrderLimits {
  return { ...limits, openCod: openCodCap(settings, limits.openCod) };
}

export interface PendingConfirmation {
  /** The order's columns. */
  columns: { codConfirmation: CodConfirmationMethod; codConfirmSecret: string; codConfirmBy: Date };
  /** The SMS that carries the code or link, written with the order. */
  message: OutboxMessageInput;
}

/** The confirmation a new order waits for (null for none): its stored secret, deadline and the SMS to send. */
export function confirmationAtPlacement(
  deps: Pick<CodDeps, 'siteUrl'>,
  settings: CodSettings,
  order: { id: string; number: string; method: PaymentMethod; grandTotal: number; mobile: string; placedAt: Date },
): PendingConfirmation | null {
  const method = confirmationFor(order.method, settings);
  if (!method) return null;
  const { secret, stored } = newSecret(method, order.id);
  const hours = settings.confirmWithinHours;
  const within = `within ${hours} hour${hours === 1 ? '' : 's'}`;
  const text =
    method === 'sms_code'
      ? `Kaarigar: confirm your cash-on-delivery order ${order.number} (${formatInr(order.grandTotal)}) with code ${secret} on the order page ${within}, or it will be cancelled.`
      : `Kaarigar: confirm your cash-on-delivery order ${order.number} (${formatInr(order.grandTotal)}) ${within}, or it will be cancelled: ${new URL(`/order/confirm-cod?token=${secret}`, deps.siteUrl).href}`;
  return {
    columns: { codConfirmation: method, codConfirmSecret: stored, codConfirmBy: confirmDeadline(order.placedAt, settings) },
    message: { channel: 'sms', recipient: `+91${order.mobile}`, kind: method === 'sms_code' ? 'cod-confirm-code' : 'cod-confirm-link', text },
  };
}
