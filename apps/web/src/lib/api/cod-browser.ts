import { orderStatuses } from '@shop/domain/order-statuses';
import { browserApi } from './browser-client';
import { guard, nullable, object, oneOf, type ResponseSchema, string } from './shape';

/** The browser's calls to confirm a cash-on-delivery order (decision 066): by the SMS code, or by the link's token. */
export const browserCodPaths = {
  byCode: (orderId: string) => `/api/user/order/${encodeURIComponent(orderId)}/cod-confirmation`,
  byLink: '/api/orders/cod-confirmation',
} as const;

interface ConfirmedOrder {
  _id: string;
  number: string;
  codConfirmation: { confirmedAt: string | null } | null;
}
const confirmedOrderSchema: ResponseSchema<ConfirmedOrder> = guard(
  object({ _id: string, number: string, status: oneOf(...orderStatuses), codConfirmation: nullable(object({ confirmedAt: nullable(string) })) }),
);
const confirmedLinkSchema: ResponseSchema<{ number: string; confirmedAt: string }> = guard(object({ number: string, confirmedAt: string }));

/** POST /api/user/order/{id}/cod-confirmation (signed in): the order once confirmed. */
export const confirmCodByCode = (orderId: string, code: string) =>
  browserApi(browserCodPaths.byCode(orderId), { method: 'POST', body: { code }, signedIn: true, schema: confirmedOrderSchema });

/** POST /api/orders/cod-confirmation (public; the token is the proof): the order's number. */
export const confirmCodByLink = (token: string) => browserApi(browserCodPaths.byLink, { method: 'POST', body: { token }, schema: confirmedLinkSchema });
