import { browserApi } from './browser-client';
import { array, boolean, guard, nullable, object, type ResponseSchema, string } from './shape';

/** The delivery promise for a pincode (issue 22, decision 080): dates are YYYY-MM-DD in India, null when not serviceable. */
export interface DeliveryEstimate {
  pincode: string;
  serviceable: boolean;
  cod: boolean;
  city: string;
  state: string;
  earliest: string | null;
  latest: string | null;
}

export const deliveryEstimatePath = '/api/delivery/estimate';

const estimateSchema: ResponseSchema<DeliveryEstimate> = guard(
  object({ pincode: string, serviceable: boolean, cod: boolean, city: string, state: string, earliest: nullable(string), latest: nullable(string) }),
);

/** GET /api/delivery/estimate (public): for one product, or ready stock without one (the checkout's address lookup). */
export const fetchDeliveryEstimate = (pincode: string, productId?: string) =>
  browserApi(deliveryEstimatePath, { query: productId ? { pincode, productId } : { pincode }, schema: estimateSchema });

/** The cart's promise (POST): the order's (its latest line's) and each line's, in the order the lines were sent. */
export interface CartDeliveryEstimate extends DeliveryEstimate {
  lines: { productId: string; earliest: string | null; latest: string | null }[];
}

const cartEstimateSchema: ResponseSchema<CartDeliveryEstimate> = guard(
  object({
    pincode: string,
    serviceable: boolean,
    cod: boolean,
    city: string,
    state: string,
    earliest: nullable(string),
    latest: nullable(string),
    lines: array(object({ productId: string, earliest: nullable(string), latest: nullable(string) })),
  }),
);

/** POST /api/delivery/estimate (public): the cart and checkout's promise per line for the shopper's pincode. */
export const fetchCartDeliveryEstimate = (pincode: string, productIds: readonly string[]) =>
  browserApi(deliveryEstimatePath, { method: 'POST', body: { pincode, lines: productIds.map((productId) => ({ productId })) }, schema: cartEstimateSchema });
