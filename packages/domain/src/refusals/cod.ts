import { MAX_BLOCKED_PINCODES, MAX_CONFIRM_WITHIN_HOURS, MAX_PREPAID_DISCOUNT_PERCENT } from '../cod/cod-rules.ts';
import { formatInr } from '../money.ts';
import { defineRefusals } from './define.ts';

/**
 * Refusals of the shop's cash-on-delivery controls (issue 20, decision 065): at placement (the maximum value, a
 * blocked pincode; the open-orders cap is orders' `open_orders_limit`), the shopper's confirmation by SMS code or
 * link, staff moving an unconfirmed order on, and the back office's COD settings.
 */
export const codRefusals = defineRefusals({
  /** `limit` is the shop's maximum in paise; the order's grand total with the COD fee is over it. */
  cod_order_value_exceeded: {
    status: 422,
    message: (p: { limit: number }) => `Cash on delivery is available for orders up to ${formatInr(p.limit)}. Pay online, or remove something from the cart.`,
    example: { limit: 2_000_000 },
  },
  /** The delivery address's pincode is on the shop's COD blocklist. */
  cod_pincode_blocked: {
    status: 422,
    message: (p: { pincode: string }) => `Cash on delivery is not available for delivery to pincode ${p.pincode}. Pay online, or choose another address.`,
    example: { pincode: '110001' },
  },
  /** Staff tried to move a COD order on before its customer confirmed it: only cancelling is open to it. */
  cod_not_confirmed: { status: 409, message: () => 'The customer has not confirmed this cash-on-delivery order yet; it can only be cancelled until they do' },
  /** Not six digits. */
  cod_code_invalid: { status: 400, message: () => 'Enter the 6-digit code from the SMS' },
  /** Six digits, but not this order's code. */
  cod_code_wrong: { status: 400, message: () => 'That code is not right. Check the SMS and try again.' },
  /** Too many wrong codes: the code no longer works. */
  cod_code_locked: {
    status: 409,
    message: () => 'Too many wrong codes. This order can no longer be confirmed by code; it will be cancelled unless you contact us.',
  },
  /** A link whose token is malformed or names no order. */
  cod_link_invalid: { status: 400, message: () => 'This confirmation link is not valid' },
  /** Already confirmed (a link works once), cancelled, or past its time. */
  cod_confirmation_closed: { status: 409, message: () => 'This order is not waiting for confirmation any more' },

  settings_pincode_invalid: { status: 400, message: () => 'Enter 6-digit pincodes (the first digit is not 0)' },
  settings_pincodes_too_many: {
    status: 400,
    message: (p: { max: number }) => `Block at most ${p.max} pincodes`,
    fixed: { max: MAX_BLOCKED_PINCODES },
  },
  settings_cod_open_orders_invalid: { status: 400, message: () => 'Enter a whole number of orders from 1 to 100, or leave it empty for the server default' },
  settings_prepaid_percent_invalid: {
    status: 400,
    message: (p: { max: number }) => `Enter a whole percent from 1 to ${p.max}`,
    fixed: { max: MAX_PREPAID_DISCOUNT_PERCENT },
  },
  settings_cod_hours_invalid: {
    status: 400,
    message: (p: { max: number }) => `Enter whole hours from 1 to ${p.max}`,
    fixed: { max: MAX_CONFIRM_WITHIN_HOURS },
  },
  settings_cod_confirmation_invalid: { status: 400, message: () => 'Choose off, SMS code or link' },
});
