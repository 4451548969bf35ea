import { authClient } from './auth-client';
import { BrowserApiError, browserApi } from './browser-client';
import { type Refusal, refusalFrom } from './refusal';
import { boolean, guard, object, optional, type ResponseSchema, string } from './shape';

/**
 * Every identity call the browser makes: better-auth under /api/auth (through the storefront's
 * proxy) plus GET /api/sign-in-methods. Each answers an AuthResult instead of throwing, so forms
 * show the failure next to the fields. A failure is the API's coded refusal (decision 037: better-auth's codes in
 * lower case, e.g. `invalid_otp`); status 0 means the shop could not be reached at all.
 */
export type AuthFailure = { ok: false } & Refusal;
type AuthResult<T = undefined> = { ok: true; data: T } | AuthFailure;

/** What better-auth's client gives for a failed call: the answer's body fields, with its status. */
interface ClientError {
  status?: number;
  statusText?: string;
}

async function settle(call: Promise<{ error: ClientError | null }>): Promise<AuthResult> {
  try {
    const { error } = await call;
    if (error) return { ok: false, ...refusalFrom(error.status ?? 0, error, error.statusText) };
    return { ok: true, data: undefined };
  } catch (error) {
    // A network failure (offline, proxy down): no status.
    return { ok: false, status: 0, code: 'network', message: error instanceof Error ? error.message : String(error) };
  }
}

interface SignInMethods {
  phone: boolean;
  email: boolean;
  emailLink: boolean;
  google: boolean;
}

const signInMethodsSchema: ResponseSchema<SignInMethods> = guard(object({ phone: boolean, email: boolean, emailLink: boolean, google: boolean }));

/** Which ways in the API offers; Google only when it is configured there. */
export function getSignInMethods(): Promise<SignInMethods> {
  return browserApi('/api/sign-in-methods', { schema: signInMethodsSchema });
}

export const sendPhoneOtp = (phoneNumber: string) => settle(authClient.phoneNumber.sendOtp({ phoneNumber }));

/** Signs in (and signs up an unknown number) with the 6-digit code. */
export const verifyPhoneOtp = (phoneNumber: string, code: string) => settle(authClient.phoneNumber.verify({ phoneNumber, code }));

/** For a signed-in user: the new number takes effect only once its code is verified. */
export const verifyNewPhoneNumber = (phoneNumber: string, code: string) =>
  settle(authClient.phoneNumber.verify({ phoneNumber, code, updatePhoneNumber: true }));

export const signInWithEmail = (email: string, password: string) => settle(authClient.signIn.email({ email, password }));

/** Mails a verification link that comes back to `callbackURL` signed in. */
export const signUpWithEmail = (input: { name: string; email: string; password: string; callbackURL: string }) => settle(authClient.signUp.email(input));

/** A link to the sign-in link's confirm page, whose button signs in and goes on to `callbackURL` (decision 145). */
export const sendEmailLink = (email: string, callbackURL: string) => settle(authClient.signIn.magicLink({ email, callbackURL }));

export const signInWithGoogle = (callbackURL: string) => settle(authClient.signIn.social({ provider: 'google', callbackURL }));

export const requestPasswordReset = (email: string) => settle(authClient.requestPasswordReset({ email, redirectTo: '/reset-password' }));

export const resetPassword = (newPassword: string, token: string) => settle(authClient.resetPassword({ newPassword, token }));

export const changePassword = (currentPassword: string, newPassword: string) =>
  settle(authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));

export const updateName = (name: string) => settle(authClient.updateUser({ name }));

export const changeEmail = (newEmail: string, callbackURL: string) => settle(authClient.changeEmail({ newEmail, callbackURL }));

export const sendVerificationEmail = (email: string, callbackURL: string) => settle(authClient.sendVerificationEmail({ email, callbackURL }));

export const signOut = () => settle(authClient.signOut());

/** The mailed links that open a confirm page (decision 145): a sign-in link, and an email verification link. */
export type EmailLinkKind = 'magic-link' | 'verify-email';

/** Whose link it is: the address (for an email change, the new one). */
export interface EmailLinkPreview {
  email: string;
  /** The link confirms a change of the account's address. */
  change: boolean;
}

/** Where each kind of link is previewed and confirmed (`…/preview`, `…/confirm`). */
const EMAIL_LINK_ENDPOINTS: Record<EmailLinkKind, string> = {
  'magic-link': '/api/auth/magic-link',
  'verify-email': '/api/auth/email-verification',
};

const emailLinkPreviewSchema = guard(object({ email: string, change: optional(boolean) }));

/** A browserApi call as an AuthResult: its refusal (or "could not reach the shop") instead of a throw. */
async function settleBrowserCall<T>(call: () => Promise<T>): Promise<AuthResult<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    if (error instanceof BrowserApiError) {
      const { status, code, message, params } = error;
      return { ok: false, status, code, message, ...(params ? { params } : {}) };
    }
    return { ok: false, status: 0, code: 'network', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The address a mailed link is for, read without using the link: its page shows it before the shopper confirms. */
export const previewEmailLink = (kind: EmailLinkKind, token: string): Promise<AuthResult<EmailLinkPreview>> =>
  settleBrowserCall(async () => {
    const preview = await browserApi(`${EMAIL_LINK_ENDPOINTS[kind]}/preview`, { method: 'POST', body: { token }, schema: emailLinkPreviewSchema });
    return { email: preview.email, change: preview.change === true };
  });

/** Uses a mailed link, as its page's button: signs in, or verifies the address (and signs in). */
export const confirmEmailLink = (kind: EmailLinkKind, token: string): Promise<AuthResult<unknown>> =>
  settleBrowserCall(() => browserApi(`${EMAIL_LINK_ENDPOINTS[kind]}/confirm`, { method: 'POST', body: { token } }));

/**
 * GET /api/auth/token: the 60-minute access token for the current session, or null when there is
 * no session (401). Throws on other failures so a refresh can be retried.
 */
export async function fetchAccessToken(): Promise<string | null> {
  const { data, error } = await authClient.token();
  if (error) {
    if (error.status === 401 || error.status === 403) return null;
    throw new Error(error.message ?? `token request failed (${error.status})`);
  }
  return typeof data?.token === 'string' ? data.token : null;
}
