import { z } from 'zod';
import { coded } from '../field-errors.ts';
import { normaliseIndianMobile } from '../phone.ts';
import { hasControlCharacters } from '../text-rules.ts';
import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX } from './gift-limits.ts';
import { giftOccasions, isCalendarDate } from './gift-rules.ts';

/**
 * Gift options at checkout (issue 24). A gift order names its recipient (name and mobile, for the courier; the parcel
 * goes to whichever saved address the buyer picks, which may be the recipient's), may carry a short message printed on
 * the packing slip, may be gift-wrapped (a priced line, server-priced from the shop's settings), and may name the
 * occasion and its date, which the checkout compares with the delivery promise. Prices never appear on anything that
 * travels in a gift parcel (the packing slip).
 */

export { GIFT_MESSAGE_MAX, GIFT_NAME_MAX } from './gift-limits.ts';
export * from './gift-rules.ts';

const nameCode = coded('gift_recipient_name_required');
const messageCode = coded('gift_message_too_long');
const dateCode = coded('gift_occasion_date_invalid');

/** Blank or absent becomes null; the same for every optional part of the gift. */
const blankToNull = (value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);

/** POST /api/user/order `gift`: absent or null for an order that is not a gift. */
export const giftRequestSchema = z.object({
  recipientName: z
    .string({ error: nameCode })
    .trim()
    .min(1, { error: nameCode })
    .max(GIFT_NAME_MAX, { error: nameCode })
    .refine((value) => !hasControlCharacters(value), { error: nameCode }),
  /** Any common form of an Indian mobile; stored as its 10 digits, like an address's mobile. */
  recipientPhone: z.string({ error: coded('gift_recipient_phone_invalid') }).transform((value, context) => {
    const e164 = normaliseIndianMobile(value);
    if (!e164) {
      context.addIssue({ code: 'custom', message: coded('gift_recipient_phone_invalid') });
      return z.NEVER;
    }
    return e164.slice(3);
  }),
  /** Line breaks are kept (a card has lines); other control characters are refused. Counted in characters as typed. */
  message: z.preprocess(
    blankToNull,
    z
      .string({ error: messageCode })
      .trim()
      .max(GIFT_MESSAGE_MAX, { error: messageCode })
      .refine((value) => !hasControlCharacters(value), { error: messageCode })
      .nullable(),
  ),
  wrap: z.boolean({ error: coded('invalid_value') }).default(false),
  occasion: z.preprocess(blankToNull, z.enum(giftOccasions, { error: coded('gift_occasion_invalid') }).nullable()),
  /** YYYY-MM-DD; the API refuses a date already past in India. */
  occasionDate: z.preprocess(blankToNull, z.string({ error: dateCode }).refine(isCalendarDate, { error: dateCode }).nullable()),
});
export type GiftRequest = z.input<typeof giftRequestSchema>;
export type GiftValues = z.output<typeof giftRequestSchema>;

/** The gift as an order stores and answers it. */
export const giftSchema = z.object({
  recipientName: z.string(),
  recipientPhone: z.string(),
  message: z.string().nullable(),
  wrap: z.boolean(),
  occasion: z.enum(giftOccasions).nullable(),
  occasionDate: z.string().nullable(),
});
export type Gift = z.infer<typeof giftSchema>;
