import type { CouponCheckRequest, CouponCheckResponse, Order, OrderTracking, PlaceOrderRequest, TrackOrderRequest } from '@shop/domain/order';
import { currentAccessToken } from './access-token';
import { browserApi, BrowserApiError } from './browser-client';
import { refusalFrom } from './refusal';

/**
 * The order calls the browser makes. Paths are written out rather than imported from the domain's `orderApiPaths`,
 * whose module builds zod schemas that would otherwise ship to the browser; orders-browser.test.ts checks they agree.
 */
export const browserOrderPaths = {
  coupon: '/api/user/coupon',
  place: '/api/user/order',
  cancel: (id: string) => `/api/user/order/${encodeURIComponent(id)}/cancel`,
  track: '/api/order/track',
} as const;

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** POST /api/user/coupon: the coupon's terms and the discount it gives the cart as the server prices it. */
export const checkCoupon = (body: CouponCheckRequest) =>
  browserApi<CouponCheckResponse>(browserOrderPaths.coupon, { method: 'POST', body, signedIn: true });

/** POST /api/user/order/{id}/cancel: the order as it is after cancelling. */
export const cancelOrder = (id: string) => browserApi<Order>(browserOrderPaths.cancel(id), { method: 'POST', signedIn: true });

/** POST /api/order/track (public): the status timeline of the order with this number and mobile number. */
export const trackOrder = (body: TrackOrderRequest) => browserApi<OrderTracking>(browserOrderPaths.track, { method: 'POST', body });

/** The request never reached an answer (offline, connection dropped): safe to retry with the same key. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

/**
 * POST /api/user/order with the attempt's Idempotency-Key: the server answers the same order for the same key, so
 * a retry after a lost answer cannot place a second one. Throws BrowserApiError (the server's message and per-field
 * errors) or NetworkError.
 */
export async function placeOrder(body: PlaceOrderRequest, idempotencyKey: string): Promise<Order> {
  const token = await currentAccessToken({ signedIn: true });
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(browserOrderPaths.place, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch (error) {
    throw new NetworkError(error);
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new BrowserApiError(refusalFrom(response.status, data, response.statusText));
  return data as Order;
}
