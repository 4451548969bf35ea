import type { AuthFailure } from '@lib/api/auth';

/** better-auth error codes (and our own) that the forms explain in the visitor's language. */
const messageKeyByCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'wrongCredentials',
  INVALID_EMAIL: 'emailInvalid',
  EMAIL_NOT_VERIFIED: 'emailNotVerified',
  INVALID_OTP: 'wrongCode',
  OTP_EXPIRED: 'codeExpired',
  OTP_NOT_FOUND: 'codeExpired',
  TOO_MANY_ATTEMPTS: 'tooManyAttempts',
  INVALID_PASSWORD: 'wrongCurrentPassword',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'noPassword',
  PASSWORD_TOO_SHORT: 'passwordShort',
  PASSWORD_TOO_LONG: 'passwordLong',
  INVALID_TOKEN: 'linkInvalid',
  PHONE_NUMBER_EXIST: 'phoneTaken',
  INVALID_PHONE_NUMBER: 'phoneInvalid',
  USER_ALREADY_EXISTS: 'emailTaken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'emailTaken',
  NETWORK: 'network',
};

/**
 * What to tell the visitor about a failed call: a message key under `auth.errors`, or the server's
 * own message when the code is not one we know (spec §8: a failed request shows the server's message).
 */
export function authErrorMessage(failure: AuthFailure): { key: string } | { text: string } {
  const key = messageKeyByCode[failure.code];
  if (key) return { key };
  if (failure.status === 429) return { key: 'tooManyRequests' };
  if (failure.message) return { text: failure.message };
  return { key: 'generic' };
}

export const knownAuthErrorKeys = [...new Set([...Object.values(messageKeyByCode), 'tooManyRequests', 'generic'])];
