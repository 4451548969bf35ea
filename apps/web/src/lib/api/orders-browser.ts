import type { CouponCheckRequest, CouponCheckResponse, Order, OrderTracking, PlaceOrderRequest, TrackOrderRequest } from '@shop/domain/order';
import { orderStatuses } from '@shop/domain/order-statuses';
import { shipmentStatuses, trackingEventKinds } from '@shop/domain/shipping/statuses';
import { browserApi } from './browser-client';
import { array, boolean, guard, nullable, number, object, oneOf, optional, type ResponseSchema, string } from './shape';

export { NetworkError } from './browser-client';

/**
 * The order calls the browser makes. Paths (and the statuses the answers are checked against) are written out rather
 * than imported from the domain's `orderApiPaths` and `orderStatuses`, whose modules build zod schemas that would
 * otherwise ship to the browser; orders-browser.test.ts checks they agree.
 */
export const browserOrderPaths = {
  coupon: '/api/user/coupon',
  place: '/api/user/order',
  cancel: (id: string) => `/api/user/order/${encodeURIComponent(id)}/cancel`,
  track: '/api/order/track',
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

const status = oneOf(...orderStatuses);

/** The carrier shipment and its timeline an order view carries (issue 22, docs/shipping-api.md). */
export const customerShipmentShape = nullable(
  object({
    status: oneOf(...shipmentStatuses),
    courierName: nullable(string),
    awb: nullable(string),
    trackingUrl: nullable(string),
    expectedDelivery: nullable(object({ earliest: string, latest: string, source: oneOf('carrier', 'estimate') })),
    events: array(
      object({ kind: nullable(oneOf(...trackingEventKinds)), carrierStatus: string, at: string, location: nullable(string), activity: nullable(string) }),
    ),
  }),
);

const couponCheckSchema: ResponseSchema<CouponCheckResponse> = guard(
  object({
    code: string,
    minimum: number,
    discount: object({ type: oneOf('fixed', 'percent'), value: number }),
    total: number,
    amount: number,
    applicable: boolean,
    message: nullable(string),
    endsAt: nullable(string),
  }),
);

/**
 * What the browser reads of an order it placed or cancelled: which one it is and where it stands, and for a prepaid
 * order waiting for its payment the checkout to open and until when its stock is held.
 */
type OrderRef = Pick<Order, '_id' | 'number' | 'status' | 'payment' | 'reservationExpiresAt'>;
const orderRefSchema: ResponseSchema<OrderRef> = guard(
  object({
    _id: string,
    number: string,
    status,
    reservationExpiresAt: nullable(string),
    payment: optional(object({ provider: oneOf('razorpay'), keyId: string, providerOrderId: string, amount: number, currency: string, scriptUrl: string })),
  }),
);

const trackingSchema: ResponseSchema<OrderTracking> = guard(
  object({
    number: string,
    status,
    statusHistory: array(object({ status, at: string, actor: oneOf('customer', 'shop'), note: nullable(string) })),
    tracking: nullable(object({ carrier: string, number: string, link: nullable(string) })),
    shipment: customerShipmentShape,
    totalItems: number,
    createdAt: string,
    paymentMethod: oneOf('cod', 'prepaid'),
    paymentStatus: oneOf('pending', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded'),
    amountRefunded: number,
  }),
);

/** POST /api/user/coupon: the coupon's terms and the discount it gives the cart as the server prices it. */
export const checkCoupon = (body: CouponCheckRequest) =>
  browserApi(browserOrderPaths.coupon, { method: 'POST', body, signedIn: true, schema: couponCheckSchema });

/** POST /api/user/order/{id}/cancel: the order as it is after cancelling (the page reloads it). */
export const cancelOrder = (id: string) => browserApi(browserOrderPaths.cancel(id), { method: 'POST', signedIn: true, schema: orderRefSchema });

/** POST /api/order/track (public): the status timeline of the order with this number and mobile number. */
export const trackOrder = (body: TrackOrderRequest) => browserApi(browserOrderPaths.track, { method: 'POST', body, schema: trackingSchema });

/**
 * POST /api/user/order with the attempt's Idempotency-Key: the server answers the same order for the same key, so
 * a retry after a lost answer cannot place a second one. Throws BrowserApiError (the server's message and per-field
 * errors) or NetworkError (no answer: safe to retry with the same key).
 */
export function placeOrder(body: PlaceOrderRequest, idempotencyKey: string): Promise<OrderRef> {
  return browserApi(browserOrderPaths.place, {
    method: 'POST',
    body,
    signedIn: true,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: orderRefSchema,
  });
}
