import { normaliseIndianMobile } from '@shop/domain/phone';

/**
 * Rate limits of the sign-in endpoints (decision 048), on the shared store of @fastify/rate-limit (the database, or
 * Redis when REDIS_URL is set), so they hold across API processes. Each endpoint counts per client address (Fastify's
 * request.ip: X-Forwarded-For only counts when TRUST_PROXY says so; IPv6 per /64) and per account FROM that address
 * (phone number or email + address), so an attacker failing from one address never locks the owner out of another.
 *
 * Back-off is stepped: a limit is a list of steps, each allowing `max` attempts in its window, so a client that keeps
 * trying waits a minute, then a quarter of an hour, then an hour, then a day. Every step counts every attempt (refused
 * ones too) and the longest wait among the steps exceeded is the answer (429 `rate_limited`, Retry-After).
 *
 * Only messages (SMS codes, mailed links) also have a ceiling per account from all addresses together: it stops a
 * number or inbox being flooded and caps what the gateway costs, and sits far above what one person asks for, so
 * reaching it takes many addresses and only pauses sending (the code or link already sent still works; password
 * sign-in is unaffected). Password sign-in has no ceiling per account: any count shared by every address is a lever
 * to lock the owner out, and guessing is bounded per address instead. Buckets shared by several endpoints (every SMS
 * we send to a number) use the same name.
 */

export interface LimitRule {
  /** Bucket name; endpoints naming the same bucket share its counter. */
  bucket: string;
  max: number;
  windowSeconds: number;
  /** What is counted: the client address, an account named in the JSON body, or that account from this address. */
  by: 'ip' | 'phoneNumber' | 'email' | 'phoneNumber+ip' | 'email+ip';
}

const MINUTE = 60;
const TEN_MINUTES = 600;
const QUARTER = 900;
const HOUR = 3600;
const DAY = 86_400;

/** A stepped back-off: one rule per step (bucket "<name>-<window>"), shortest window first. */
function steps(name: string, by: LimitRule['by'], limits: [max: number, windowSeconds: number][]): LimitRule[] {
  return limits.map(([max, windowSeconds]) => ({ bucket: `${name}-${windowSeconds}`, by, max, windowSeconds }));
}

// Password sign-in: five tries a minute from one address for one account, then longer and longer waits.
const signInPerAccountIp = (by: 'email+ip' | 'phoneNumber+ip') =>
  steps(`sign-in-${by === 'email+ip' ? 'email' : 'phone'}-ip`, by, [
    [5, MINUTE],
    [10, QUARTER],
    [20, HOUR],
    [50, DAY],
  ]);
// Every account from one address (a shared office or mobile network counts once).
const signInPerIp = steps('sign-in-ip', 'ip', [
  [10, MINUTE],
  [30, QUARTER],
  [100, DAY],
]);

// Messages: a code or link again after a lost one, a few times, from one address; more from many addresses.
const smsPerPhoneIp = steps('sms-phone-ip', 'phoneNumber+ip', [
  [3, TEN_MINUTES],
  [6, HOUR],
  [10, DAY],
]);
const smsPerIp = steps('sms-ip', 'ip', [
  [20, HOUR],
  [60, DAY],
]);
const smsPerPhone: LimitRule = { bucket: 'sms-phone', by: 'phoneNumber', max: 30, windowSeconds: HOUR };
const mailPerEmailIp = steps('mail-email-ip', 'email+ip', [
  [3, TEN_MINUTES],
  [6, HOUR],
  [10, DAY],
]);
const mailPerIp = steps('mail-ip', 'ip', [
  [20, HOUR],
  [60, DAY],
]);
const mailPerEmail: LimitRule = { bucket: 'mail-email', by: 'email', max: 30, windowSeconds: HOUR };

// Codes typed in: better-auth also allows 3 wrong tries per code (then the code is gone), which bounds guessing per
// number across all addresses; these bound one address.
const otpCheckPerPhoneIp = steps('otp-check-phone-ip', 'phoneNumber+ip', [
  [5, MINUTE],
  [10, QUARTER],
  [30, DAY],
]);
const otpCheckPerIp = steps('otp-check-ip', 'ip', [
  [10, MINUTE],
  [30, QUARTER],
  [100, DAY],
]);

const sms = [...smsPerIp, ...smsPerPhoneIp, smsPerPhone];
const mail = [...mailPerIp, ...mailPerEmailIp, mailPerEmail];

/**
 * Keyed by the path below /api/auth. Paths not listed are not limited here (reads, sign-out, token). The rules that
 * count an address (alone or with the account) are checked first; the account's ceiling from all addresses only
 * counts attempts they allowed, so attempts refused at one address never fill the ceiling everyone shares.
 */
export const authLimits: Record<string, LimitRule[]> = {
  '/phone-number/send-otp': sms,
  '/phone-number/request-password-reset': sms,
  '/phone-number/verify': [...otpCheckPerIp, ...otpCheckPerPhoneIp],
  '/phone-number/reset-password': [...otpCheckPerIp, ...otpCheckPerPhoneIp],
  '/sign-in/email': [...signInPerIp, ...signInPerAccountIp('email+ip')],
  '/sign-in/phone-number': [...signInPerIp, ...signInPerAccountIp('phoneNumber+ip')],
  '/sign-up/email': [{ bucket: 'sign-up-ip', by: 'ip', max: 10, windowSeconds: HOUR }, ...mailPerEmailIp, mailPerEmail],
  '/sign-in/magic-link': mail,
  '/request-password-reset': mail,
  '/send-verification-email': mail,
  '/change-email': mail,
  '/change-password': [{ bucket: 'change-password-ip', by: 'ip', max: 10, windowSeconds: QUARTER }],
  '/reset-password': otpCheckPerIp,
  '/magic-link/verify': otpCheckPerIp,
  '/verify-email': otpCheckPerIp,
  // The mailed links' confirm page (decision 145): each check of a token counts, as a code typed in does.
  '/magic-link/preview': otpCheckPerIp,
  '/magic-link/confirm': otpCheckPerIp,
  '/email-verification/preview': otpCheckPerIp,
  '/email-verification/confirm': otpCheckPerIp,
};

/** The account a request is about, normalised so "A@B.c " and "a@b.c" share a counter. */
export function accountOf(rule: LimitRule, body: unknown): string | undefined {
  if (rule.by === 'ip' || !body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const byEmail = rule.by === 'email' || rule.by === 'email+ip';
  const value = byEmail ? (record.email ?? record.newEmail) : record.phoneNumber;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return byEmail ? value.trim().toLowerCase() : (normaliseIndianMobile(value) ?? value.replace(/[\s-]/g, ''));
}

/** Whether a rule counts per client address (alone, or with the account). */
export function countsAddress(rule: LimitRule): boolean {
  return rule.by === 'ip' || rule.by.endsWith('+ip');
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
