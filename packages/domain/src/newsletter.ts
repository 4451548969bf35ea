import { z } from 'zod';
import { coded } from './field-errors.ts';
import { emailField } from './text-rules.ts';

/**
 * The newsletter (spec §2 NEWSLETTER_VIEW, §3, §5, §7 /api/subscribe/newsletter). Unlike the original, subscribing
 * is real and double opt-in: the address is stored as pending, a confirmation link is mailed, and only a confirmed
 * address receives the newsletter; every mail carries a working unsubscribe link (docs/decisions: newsletter).
 */

/** The answers of the newsletter endpoints (its refusals are the engagement area's `newsletter_*` codes). */
export const newsletterMessages = {
  // What POST /api/subscribe/newsletter answers for every address, whether new, pending or already confirmed,
  // so the answer never tells who is subscribed.
  checkInbox: 'Thank you! Please check your inbox and confirm your subscription.',
  confirmed: 'Your subscription is confirmed.',
  unsubscribed: 'You are unsubscribed and will get no more newsletters.',
} as const;

/** Stored and compared in lower case: Asha@Example.com and asha@example.com are one subscriber. */
export const newsletterRequestSchema = z.object({
  // The spec's newsletter text ends with a full stop (the contact form's does not): its own code.
  email: emailField({ required: 'email_required', invalid: 'newsletter_email_invalid' }, { lowerCase: true }),
});

/**
 * A token from a confirmation or unsubscribe link: 32 random bytes in base64url (43 characters). Anything else
 * cannot match, so it is refused before any lookup.
 */
export const newsletterTokenSchema = z.object({
  token: z
    .string({ error: coded('newsletter_token_required') })
    .trim()
    .min(1, { error: coded('newsletter_token_required') })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: coded('newsletter_token_invalid') }),
});

/** Storefront pages the links in newsletter mails open (each asks for a click before changing anything). */
export const newsletterPaths = { confirm: '/newsletter/confirm', unsubscribe: '/newsletter/unsubscribe' } as const;

/** A confirmation link is good for 7 days; an unsubscribe link for as long as the subscriber exists. */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 7 * 24;
/** At most one confirmation mail per address in this many minutes, however often it is submitted. */
export const NEWSLETTER_RESEND_MINUTES = 10;
/** Subscribe attempts per client address and hour (429 beyond). */
export const NEWSLETTER_RATE_LIMIT = { max: 10, windowMinutes: 60 } as const;
