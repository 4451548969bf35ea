import { normaliseIndianMobile } from '@shop/domain/phone';

/**
 * Rate limits of the sign-in endpoints, on the shared store of @fastify/rate-limit (the database, or Redis
 * when REDIS_URL is set), so they hold across API processes. Each endpoint counts per client address
 * (Fastify's request.ip: X-Forwarded-For only counts when TRUST_PROXY says so) and, where the body names
 * one, per account (phone number or email), so neither rotating addresses nor rotating accounts helps.
 * Buckets shared by several endpoints (e.g. every SMS we send to a number) use the same name.
 */

export interface LimitRule {
  /** Bucket name; endpoints naming the same bucket share its counter. */
  bucket: string;
  max: number;
  windowSeconds: number;
  /** What is counted: the client address, or a field of the JSON body. */
  by: 'ip' | 'phoneNumber' | 'email';
}

const HOUR = 3600;
const QUARTER = 900;

const smsPerPhone: LimitRule = { bucket: 'sms-phone', by: 'phoneNumber', max: 5, windowSeconds: HOUR };
const smsPerIp: LimitRule = { bucket: 'sms-ip', by: 'ip', max: 20, windowSeconds: HOUR };
const otpCheckPerPhone: LimitRule = { bucket: 'otp-check-phone', by: 'phoneNumber', max: 10, windowSeconds: QUARTER };
const otpCheckPerIp: LimitRule = { bucket: 'otp-check-ip', by: 'ip', max: 30, windowSeconds: QUARTER };
const signInPerIp: LimitRule = { bucket: 'sign-in-ip', by: 'ip', max: 20, windowSeconds: QUARTER };
const mailPerEmail: LimitRule = { bucket: 'mail-email', by: 'email', max: 5, windowSeconds: HOUR };
const mailPerIp: LimitRule = { bucket: 'mail-ip', by: 'ip', max: 20, windowSeconds: HOUR };

/** Keyed by the path below /api/auth. Paths not listed are not limited here (reads, sign-out, token). */
export const authLimits: Record<string, LimitRule[]> = {
  '/phone-number/send-otp': [smsPerIp, smsPerPhone],
  '/phone-number/request-password-reset': [smsPerIp, smsPerPhone],
  '/phone-number/verify': [otpCheckPerIp, otpCheckPerPhone],
  '/phone-number/reset-password': [otpCheckPerIp, otpCheckPerPhone],
  '/sign-in/email': [signInPerIp, { bucket: 'sign-in-email', by: 'email', max: 10, windowSeconds: QUARTER }],
  '/sign-in/phone-number': [signInPerIp, { bucket: 'sign-in-phone', by: 'phoneNumber', max: 10, windowSeconds: QUARTER }],
  '/sign-up/email': [{ bucket: 'sign-up-ip', by: 'ip', max: 10, windowSeconds: HOUR }, mailPerEmail],
  '/sign-in/magic-link': [mailPerIp, mailPerEmail],
  '/request-password-reset': [mailPerIp, mailPerEmail],
  '/send-verification-email': [mailPerIp, mailPerEmail],
  '/change-email': [mailPerIp, mailPerEmail],
  '/change-password': [{ bucket: 'change-password-ip', by: 'ip', max: 10, windowSeconds: QUARTER }],
  '/reset-password': [otpCheckPerIp],
  '/magic-link/verify': [otpCheckPerIp],
  '/verify-email': [otpCheckPerIp],
};

/** The account a request is about, normalised so "A@B.c " and "a@b.c" share a counter. */
export function accountOf(rule: LimitRule, body: unknown): string | undefined {
  if (rule.by === 'ip' || !body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const value = rule.by === 'email' ? (record.email ?? record.newEmail) : record.phoneNumber;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return rule.by === 'email' ? value.trim().toLowerCase() : (normaliseIndianMobile(value) ?? value.replace(/[\s-]/g, ''));
}

/**
 * Endpoints whose answer must take about as long whether or not the account exists: the work differs by
 * a write or two (a token row, an outbox row), so each answer waits until this much time has passed.
 * Sign-in needs no floor: better-auth hashes the password for unknown accounts too. Sending an OTP does
 * the same work for every number (unknown numbers are signed up on verification), but its few
 * milliseconds vary with the rows already there, so it gets a short floor as well.
 */
export const minimumResponseMs: Record<string, number> = {
  '/phone-number/send-otp': 150,
  '/request-password-reset': 250,
  '/phone-number/request-password-reset': 250,
  '/sign-up/email': 250,
  '/sign-in/magic-link': 250,
};
