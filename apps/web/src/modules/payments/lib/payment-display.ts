import { isCashOnDelivery, type PaymentMethod, type PaymentStatus } from '@shop/domain/payment';

/** The status words' key for an order: cash on delivery still pending is "to be paid on delivery", not "awaiting payment". */
export function paymentStatusKey(method: PaymentMethod, status: PaymentStatus): PaymentStatus | 'codPending' {
  return isCashOnDelivery(method) && status === 'pending' ? 'codPending' : status;
}

/**
 * Whether the customer may pay the order now ("Pay now"): the API gave it a checkout block (a prepaid order still
 * unpaid) and its stock is still held at `now`.
 */
export function canPayNow(order: { payment?: unknown; reservationExpiresAt: string | null }, now: Date): boolean {
  return Boolean(order.payment) && order.reservationExpiresAt !== null && Date.parse(order.reservationExpiresAt) > now.getTime();
}
