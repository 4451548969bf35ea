import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's signatures (docs/providers/razorpay.md §4–5): HMAC-SHA256 as lower-case hex. Checked in constant time:
 * the SDK's own validateWebhookSignature compares with `===`, which leaks how many leading characters match.
 */

export function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Whether `given` is the hex HMAC of `message`; false for anything that is not 64 hex characters. */
export function signatureMatches(secret: string, message: string | Buffer, given: string | undefined): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = Buffer.from(hmacHex(secret, message), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** The checkout's signed message: our stored order id, a bar, the payment id. */
export const checkoutMessage = (providerOrderId: string, paymentId: string) => `${providerOrderId}|${paymentId}`;
