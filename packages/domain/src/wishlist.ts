import { z } from 'zod';
import { productSummarySchema } from './catalogue.ts';
import { coded } from './field-errors.ts';
import { normaliseIndianMobile } from './phone.ts';
import { MAX_WISHLIST_ITEMS } from './refusals/wishlist.ts';
import { emailField } from './text-rules.ts';

/**
 * The wishlist and back-in-stock requests (issue 24, decision 099): the shapes both the API and the storefront use.
 */

export { MAX_WISHLIST_ITEMS };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for something that can be a product id (anything else cannot be in the shop, so it is never looked up). */
export const isProductId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * The browser's list handed over at sign-in. Ids that are not uuids are dropped rather than refused: a list kept in
 * local storage may hold anything a past version or a curious shopper wrote there, and one bad entry must not lose
 * the rest. Duplicates count once; the newest (last) first, at most MAX_WISHLIST_ITEMS.
 */
export const wishlistMergeSchema = z.object({
  productIds: z
    .array(z.unknown())
    .max(MAX_WISHLIST_ITEMS * 2)
    .transform((ids) => [...new Set(ids.filter(isProductId).map((id) => id.toLowerCase()))]),
});
export type WishlistMerge = z.infer<typeof wishlistMergeSchema>;

/** The ids on a shopper's list, newest first (what the hearts need). */
export const wishlistIdsSchema = z.object({ productIds: z.array(z.string()) });

/** One product on the list, as a card shows it. */
export const wishlistEntrySchema = z.object({ addedAt: z.string(), product: productSummarySchema });
export const wishlistSchema = z.object({ data: z.array(wishlistEntrySchema) });
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/** What "Notify me" answers: the same for a new request and for one already open (they are one request). */
export const stockAlertAnswerSchema = z.object({ status: z.literal('waiting') });

export const stockAlertChannels = ['email', 'sms'] as const;
export type StockAlertChannel = (typeof stockAlertChannels)[number];
const languages = ['en', 'hi', 'ar'] as const;

const emailAddress = emailField({ required: 'email_required', invalid: 'email_invalid' }, { lowerCase: true });

/**
 * "Notify me when it is back": the product, e-mail or SMS, and the address or number for it (only the one the
 * channel needs is read). Output: the recipient as it is stored and compared, a lower-case address or "+91…".
 */
export const stockAlertRequestSchema = z
  .object({
    productId: z.string({ error: coded('product_not_found') }).max(100),
    /**
     * The option (variant id) the shopper waits for, on a product with options (decision 118): answered when that
     * option is back. Left out: the product as a whole, answered when any of it is back.
     */
    variantId: z
      .string({ error: coded('stock_alert_option_not_found') })
      .max(100)
      .optional(),
    channel: z.enum(stockAlertChannels, { error: coded('stock_alert_channel_invalid') }),
    email: z.string().max(300).optional(),
    phone: z.string().max(40).optional(),
    /** The storefront's language: the message is written in it. */
    language: z.enum(languages).default('en'),
  })
  .transform((input, context) => {
    let recipient: string | null = null;
    if (input.channel === 'email') {
      const parsed = emailAddress.safeParse(input.email ?? '');
      if (parsed.success) recipient = parsed.data;
      else context.addIssue({ code: 'custom', path: ['email'], message: parsed.error.issues[0]?.message ?? coded('email_invalid') });
    } else {
      recipient = normaliseIndianMobile(input.phone ?? '');
      if (!recipient) context.addIssue({ code: 'custom', path: ['phone'], message: coded('phone_invalid') });
    }
    if (recipient === null) return z.NEVER;
    return { productId: input.productId, variantId: input.variantId ?? null, channel: input.channel, recipient, language: input.language };
  });
export type StockAlertRequest = z.output<typeof stockAlertRequestSchema>;
