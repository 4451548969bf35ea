import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url: 43 characters, as newsletterTokenSchema expects. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its SHA-256 in hex. The token itself exists only in the mail. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
