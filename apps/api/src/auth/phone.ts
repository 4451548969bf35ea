/**
 * Phone-number sign-in. Numbers travel as E.164 Indian mobiles ("+91" and 10 digits starting 6–9).
 * better-auth's users.email is NOT NULL, so a phone-only user gets a placeholder address on a reserved
 * domain (RFC 2606 ".invalid": never deliverable). The API never shows it: `email` is null in
 * /api/user and absent from the access token, and nobody may claim such an address by sign-up.
 */

import { E164_INDIAN_MOBILE, INVALID_MOBILE_MESSAGE, normaliseIndianMobile } from '@shop/domain/phone';

export { INVALID_MOBILE_MESSAGE, normaliseIndianMobile };

/** Only the canonical form reaches better-auth: the before hook normalises what people type. */
export function isIndianMobile(value: string): boolean {
  return E164_INDIAN_MOBILE.test(value);
}

const PLACEHOLDER_EMAIL_DOMAIN = 'phone.kaarigar.invalid';

export function placeholderEmail(phoneNumber: string): string {
  return `${phoneNumber.replace(/\D/g, '')}@${PLACEHOLDER_EMAIL_DOMAIN}`;
}

export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && email.toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`);
}

/** The email to show for a user: their real address, or null for the placeholder. */
export function visibleEmail(email: string | null | undefined): string | null {
  return email && !isPlaceholderEmail(email) ? email : null;
}
