import { z } from 'zod';
import { emailField, requiredText } from './text-rules.ts';

/**
 * The contact / complaint form (spec §2, §3, §5, §7): name, contact_number, email and message, the same rules and
 * messages in the storefront's form (COMPLAIN_VIEW and /contact-us) and in POST /api/report. The messages are the
 * spec's, word for word (note the lower-case "name is required" and "contact number is required").
 */

export const contactMessages = {
  nameRequired: 'name is required',
  contactNumberRequired: 'contact number is required',
  contactNumberDigits: 'Please provide proper mobile number',
  emailRequired: 'Email is required',
  emailInvalid: 'Please provide valid email address',
  messageRequired: 'Message is required',
  // Not in the spec: limits that keep one message to a readable size.
  nameTooLong: 'name can be at most 100 characters',
  messageTooLong: 'Message can be at most 5000 characters',
  keyInvalid: 'key can be at most 100 letters, digits, dashes, dots or underscores',
} as const;
export type ContactMessageKey = keyof typeof contactMessages;

export const contactLimits = { name: 100, message: 5_000, key: 100 } as const;

/** Spec §5 and §9: exactly 10 digits (surrounding spaces are forgiven, nothing else). */
const contactNumberField = z
  .string({ error: contactMessages.contactNumberRequired })
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, { error: contactMessages.contactNumberRequired })
      .regex(/^\d{10}$/, { error: contactMessages.contactNumberDigits }),
  );

/** What the form validates (the visitor's own words, before any key is added). */
export const contactFormSchema = z.object({
  name: requiredText({ required: contactMessages.nameRequired, tooLong: contactMessages.nameTooLong, max: contactLimits.name }),
  contact_number: contactNumberField,
  email: emailField({ required: contactMessages.emailRequired, invalid: contactMessages.emailInvalid }),
  message: requiredText({
    required: contactMessages.messageRequired,
    tooLong: contactMessages.messageTooLong,
    // The key suffix ("@" + key) must still fit in what the API accepts.
    max: contactLimits.message,
  }),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

/** A `key` as a page's query parameter may carry it (an order number, a product id, a complaint reference). */
export const contactKeySchema = z
  .string({ error: contactMessages.keyInvalid })
  .trim()
  .regex(/^[\p{L}\p{N}._-]{1,100}$/u, { error: contactMessages.keyInvalid });

/**
 * POST /api/report: the spec's payload. With a key the message arrives as "<message>@<key>" (spec §7); the client
 * may also send `key` on its own so the shop can file the message under it.
 */
export const reportRequestSchema = contactFormSchema.extend({
  message: requiredText({
    required: contactMessages.messageRequired,
    tooLong: contactMessages.messageTooLong,
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
