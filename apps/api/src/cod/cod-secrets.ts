import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodConfirmationMethod } from '@shop/domain/cod/cod-rules';

/**
 * The secret a COD order is confirmed with (decision 066): a 6-digit code, or a link's token of 32 random bytes. Only
 * a SHA-256 is stored; the code's is taken with the order id, so equal codes of two orders never hash alike. A token
 * is unguessable on its own (256 bits) and single-use by the conditional update that confirms (cod-confirmation.ts).
 */

export function hashCode(orderId: string, code: string): string {
  return createHash('sha256').update(`${orderId.toLowerCase()}:${code}`).digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(`link:${token}`).digest('base64url');
}

export function sameHash(a: string | null, b: string): boolean {
  if (a === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** A new secret for an order: what the SMS carries, and what the order keeps. */
export function newSecret(method: CodConfirmationMethod, orderId: string): { secret: string; stored: string } {
  if (method === 'sms_code') {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    return { secret: code, stored: hashCode(orderId, code) };
  }
  const token = randomBytes(32).toString('base64url');
  return { secret: token, stored: hashToken(token) };
}
