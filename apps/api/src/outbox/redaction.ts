/**
 * Which messages carry a secret (a code or a sign-in/reset/verify link). Once a real transport has sent
 * one, the copy in the outbox is no longer needed, and a database dump or a curious operator must not be able
 * to use it: its body becomes REDACTED_BODY. The dev transport keeps bodies so /api/dev/outbox can show them.
 */

export const REDACTED_BODY = '[delivered]';

const SECRET_KINDS = new Set(['otp', 'magic-link', 'password-reset', 'verify-email', 'change-email']);

/** Known secret kinds, and any kind named like one ("…-otp", "…-link", "…-code", "…-token"). */
export function carriesSecret(kind: string): boolean {
  return SECRET_KINDS.has(kind) || /(^|-)(otp|link|code|token)$/.test(kind);
}
