import type { Order } from '@shop/domain/order';
import { paymentMethods, paymentStatuses } from '@shop/domain/payment';
import { browserApi } from '@lib/api/browser-client';
import { guard, object, oneOf, type ResponseSchema, string } from '@lib/api/shape';
import type { CheckoutSuccess } from './checkout-script';

/** Written out (not imported from the domain's orderApiPaths, whose module builds zod schemas); payments-lib.test.ts checks they agree. */
export const browserPaymentPaths = {
  verify: (id: string) => `/api/user/order/${encodeURIComponent(id)}/payment/verify`,
  payOnDelivery: (id: string) => `/api/user/order/${encodeURIComponent(id)}/payment/cash-on-delivery`,
} as const;

/** What the payment step reads of the order after a payment or a switch: which one, and how it is paid now. */
export type PaidOrderRef = Pick<Order, '_id' | 'number' | 'paymentMethod' | 'paymentStatus'>;
const paidOrderSchema: ResponseSchema<PaidOrderRef> = guard(
  object({ _id: string, number: string, paymentMethod: oneOf(...paymentMethods), paymentStatus: oneOf(...paymentStatuses) }),
);

/** POST …/payment/verify with what checkout handed the browser: the server checks the signature and the payment. */
export const verifyPayment = (orderId: string, result: CheckoutSuccess) =>
  browserApi(browserPaymentPaths.verify(orderId), { method: 'POST', body: result, signedIn: true, schema: paidOrderSchema });

/** POST …/payment/cash-on-delivery: the unpaid prepaid order is paid on delivery instead (the server checks it may be). */
export const payOnDelivery = (orderId: string) =>
  browserApi(browserPaymentPaths.payOnDelivery(orderId), { method: 'POST', signedIn: true, schema: paidOrderSchema });
