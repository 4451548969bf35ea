import type { OutboxMessageInput } from '../outbox/enqueue.ts';

/**
 * The texts of the codes and links we send. Plain text first (SMS and the mail's text part); the HTML
 * part repeats it with a button. Links are absolute, on the storefront's origin (better-auth's baseURL).
 */

const SHOP_NAME = 'Kaarigar Gifts';

/** What app.outbox.enqueue takes. */
export type OutboxMessage = OutboxMessageInput;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function linkMail(kind: string, to: string, subject: string, intro: string, action: string, url: string, validity: string): OutboxMessage {
  const text = `${intro}\n\n${action}: ${url}\n\n${validity} If you did not ask for this, ignore this email.\n\n${SHOP_NAME}`;
  const html =
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#222;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(action)}</a></p>` +
    `<p style="color:#555">${escapeHtml(validity)} If you did not ask for this, ignore this email.</p><p>${SHOP_NAME}</p>`;
  return { channel: 'email', recipient: to, kind, subject, text, html };
}

export function otpSms(phoneNumber: string, code: string, purpose: 'sign-in' | 'password-reset'): OutboxMessage {
  const what = purpose === 'sign-in' ? 'sign-in code' : 'password reset code';
  return {
    channel: 'sms',
    recipient: phoneNumber,
    kind: purpose === 'sign-in' ? 'otp' : 'password-reset',
    text: `${code} is your ${SHOP_NAME} ${what}. It is valid for 5 minutes. Do not share it with anyone.`,
  };
}

export function verifyEmailMail(to: string, url: string): OutboxMessage {
  return linkMail(
    'verify-email',
    to,
    `Confirm your email for ${SHOP_NAME}`,
    `Confirm that ${to} is your email address.`,
    'Confirm email',
    url,
    'The link is valid for 1 hour.',
  );
}

export function passwordResetMail(to: string, url: string): OutboxMessage {
  return linkMail(
    'password-reset',
    to,
    `Reset your ${SHOP_NAME} password`,
    'Someone asked to reset the password of your account.',
    'Set a new password',
    url,
    'The link works once and is valid for 30 minutes.',
  );
}

export function magicLinkMail(to: string, url: string): OutboxMessage {
  return linkMail(
    'magic-link',
    to,
    `Your ${SHOP_NAME} sign-in link`,
    `Sign in to ${SHOP_NAME} with this link.`,
    'Sign in',
    url,
    'The link works once and is valid for 15 minutes.',
  );
}

/** Someone tried to sign up with an address that already has an account: tell its owner, reveal nothing to the caller. */
export function accountExistsMail(to: string, siteUrl: string): OutboxMessage {
  return linkMail(
    'account-exists',
    to,
    `You already have a ${SHOP_NAME} account`,
    `Someone (perhaps you) tried to create a ${SHOP_NAME} account with ${to}, which already has one. Sign in instead, or set a new password if you forgot it.`,
    'Set a new password',
    `${siteUrl}/forget-password`,
    'Nothing changes unless you set a new password.',
  );
}
