import type { OrderProofs } from '@shop/domain/gift/proofs';
import { browserApi } from './browser-client';
import { array, boolean, guard, nullable, number, object, oneOf, type ResponseSchema, string } from './shape';

/**
 * Gifting calls the browser makes (issue 24): the checkout's gift terms and the cart's delivery promise (compared with
 * the occasion's date), and the customer's answer to a proof. Light answer checks (shape.ts): no zod in the bundle.
 */

export const giftingPaths = {
  terms: '/api/checkout/gift-terms',
  cartEstimate: '/api/delivery/estimate',
  answer: (orderId: string, proofId: string) => `/api/user/order/${encodeURIComponent(orderId)}/proofs/${encodeURIComponent(proofId)}/answer`,
} as const;

export interface GiftTerms {
  /** Paise; null when the shop offers no wrap. */
  wrapFee: number | null;
  messageMax: number;
}

const termsSchema: ResponseSchema<GiftTerms> = guard(object({ wrapFee: nullable(number), messageMax: number }));

export const fetchGiftTerms = () => browserApi(giftingPaths.terms, { schema: termsSchema });

export interface CartPromise {
  serviceable: boolean;
  earliest: string | null;
  latest: string | null;
}
const promiseSchema: ResponseSchema<CartPromise> = guard(object({ serviceable: boolean, earliest: nullable(string), latest: nullable(string) }));

/** POST /api/delivery/estimate: the slowest line of the cart decides when the parcel can arrive at `pincode`. */
export const fetchCartPromise = (pincode: string, productIds: string[]) =>
  browserApi(giftingPaths.cartEstimate, { method: 'POST', body: { pincode, lines: productIds.map((productId) => ({ productId })) }, schema: promiseSchema });

const proofsSchema: ResponseSchema<OrderProofs> = guard(
  object({
    required: boolean,
    cleared: boolean,
    list: array(
      object({
        _id: string,
        version: number,
        image: object({ original: string, thumbnail: string }),
        note: nullable(string),
        status: oneOf('pending', 'approved', 'changes_requested'),
        comment: nullable(string),
        createdAt: string,
        answeredAt: nullable(string),
      }),
    ),
  }),
);

export const answerProof = (orderId: string, proofId: string, body: { decision: 'approve' | 'request_changes'; comment?: string }) =>
  browserApi(giftingPaths.answer(orderId, proofId), { method: 'POST', body, signedIn: true, schema: proofsSchema });
