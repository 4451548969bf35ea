import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX, type GiftOccasion, isCalendarDate, mobileDigits, occasionIsPast } from '@shop/domain/gift/gift-rules';
import type { PlaceOrderRequest } from '@shop/domain/order';

/**
 * The checkout's gift options as the shopper fills them (issue 24), and what they become: the request's `gift`, the
 * wrap line the summary adds, and the problems to show before anything is sent. The server checks the same rules
 * again (packages/domain/src/gift/gift.ts); these are the browser's zod-free reading of them (gift-rules.ts).
 */

export interface GiftForm {
  enabled: boolean;
  recipientName: string;
  recipientPhone: string;
  message: string;
  wrap: boolean;
  occasion: GiftOccasion | '';
  occasionDate: string;
}

export const EMPTY_GIFT: GiftForm = { enabled: false, recipientName: '', recipientPhone: '', message: '', wrap: false, occasion: '', occasionDate: '' };

export type GiftField = 'recipientName' | 'recipientPhone' | 'message' | 'occasionDate';

/** Problems by field, as refusal codes (shown through the refusals catalogue, like the server's). */
export function giftProblems(form: GiftForm, today: string, messageMax = GIFT_MESSAGE_MAX): Partial<Record<GiftField, string>> {
  if (!form.enabled) return {};
  const problems: Partial<Record<GiftField, string>> = {};
  const name = form.recipientName.trim();
  if (!name || name.length > GIFT_NAME_MAX) problems.recipientName = 'gift_recipient_name_required';
  if (!mobileDigits(form.recipientPhone)) problems.recipientPhone = 'gift_recipient_phone_invalid';
  if (form.message.trim().length > messageMax) problems.message = 'gift_message_too_long';
  if (form.occasionDate && (!isCalendarDate(form.occasionDate) || occasionIsPast(form.occasionDate, today)))
    problems.occasionDate = 'gift_occasion_date_invalid';
  return problems;
}

/** The request's `gift` (null when the order is not a gift). `wrapOffered` false drops a wrap the shop no longer offers. */
export function giftRequestOf(form: GiftForm, wrapOffered: boolean): PlaceOrderRequest['gift'] {
  if (!form.enabled) return null;
  return {
    recipientName: form.recipientName.trim(),
    recipientPhone: form.recipientPhone.trim(),
    message: form.message.trim() || null,
    wrap: wrapOffered && form.wrap,
    occasion: form.occasion || null,
    occasionDate: form.occasionDate || null,
  };
}

/** The wrap line the summary shows: the shop's price when the shopper asked for wrap on a gift. */
export function giftWrapOf(form: GiftForm, wrapFee: number | null): number {
  return form.enabled && form.wrap && wrapFee !== null ? wrapFee : 0;
}

/** Today's date in India, YYYY-MM-DD (the occasion date's lower bound, like the server's). */
export function indiaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}
