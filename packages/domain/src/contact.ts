import { z } from 'zod';
import { coded } from './field-errors.ts';
import { contactLimits } from './refusals/engagement.ts';
import { emailField, requiredText } from './text-rules.ts';

/**
 * The contact / complaint form (spec §2, §3, §5, §7): name, contact_number, email and message, the same rules in the
 * storefront's form (COMPLAIN_VIEW and /contact-us) and in POST /api/report. Each check names a refusal code of the
 * engagement area, whose English texts are the spec's, word for word (note the lower-case "name is required" and
 * "contact number is required").
 */

export { contactLimits };

/** Spec §5 and §9: exactly 10 digits (surrounding spaces are forgiven, nothing else). */
const contactNumberField = z
  .string({ error: coded('contact_number_required') })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, { error: coded('contact_number_required') })
      .regex(/^\d{10}$/, { error: coded('contact_number_invalid') }),
  );

/** What the form validates (the visitor's own words, before any key is added). */
export const contactFormSchema = z.object({
  name: requiredText({ required: 'contact_name_required', tooLong: 'contact_name_too_long', max: contactLimits.name }),
  contact_number: contactNumberField,
  email: emailField({ required: 'email_required', invalid: 'email_invalid' }),
  message: requiredText({
    required: 'message_required',
    tooLong: 'message_too_long',
    // The key suffix ("@" + key) must still fit in what the API accepts.
    max: contactLimits.message,
  }),
});

/** A `key` as a page's query parameter may carry it (an order number, a product id, a complaint reference). */
export const contactKeySchema = z
  .string({ error: coded('contact_key_invalid') })
  .trim()
  .regex(/^[\p{L}\p{N}._-]{1,100}$/u, { error: coded('contact_key_invalid') });

/**
 * POST /api/report: the spec's payload. With a key the message arrives as "<message>@<key>" (spec §7); the client
 * may also send `key` on its own so the shop can file the message under it.
 */
export const reportRequestSchema = contactFormSchema.extend({
  message: requiredText({
    required: 'message_required',
    tooLong: 'message_too_long',
    max: contactLimits.message + 1 + contactLimits.key,
  }),
  key: contactKeySchema.nullish(),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;

/** Spec §7: with a key on the page, the message is sent as the message, an at sign, and the key. */
export function messageWithKey(message: string, key: string | null | undefined): string {
  return key ? `${message}@${key}` : message;
}

/** The key a message was sent with, when it ends in "@<key>" for that key (so an email address in the text is not taken for one). */
export function keyOfMessage(message: string, key: string | null | undefined): string | null {
  if (!key) return null;
  return message.endsWith(`@${key}`) ? key : null;
}

/** Spec §8: the success toast, which depends on whether the page carried a key. */
export const contactSuccessMessages = {
  plain: 'message sent successfully.',
  withKey: 'Details reported successfully we will reach out to you shortly.',
} as const;

export function contactSuccessMessage(key: string | null | undefined): string {
  return key ? contactSuccessMessages.withKey : contactSuccessMessages.plain;
}

/** How many messages one address may send (the API answers 429 beyond it). */
export const REPORT_RATE_LIMIT = { max: 5, windowMinutes: 10 } as const;
