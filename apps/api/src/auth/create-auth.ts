import { account, type Database, jwks, session, user, verification } from '@shop/db';
import { checkProfileName, type ProfileNameRefusal } from '@shop/domain/profile-name';
import { refusalMessage } from '@shop/domain/refusals/index';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, jwt, magicLink, phoneNumber } from 'better-auth/plugins';
import { decodeJwt } from 'jose';
import { authLogLine } from './auth-log.ts';
import { emailLinkConfirmation } from './email-link-confirmation.ts';
import { type EmailLinkKind, emailLinkPageFor, emailLinkPageUrl } from './email-link-pages.ts';
import { accountExistsMail, magicLinkMail, type OutboxMessage, otpSms, passwordResetMail, verifyEmailMail } from './messages.ts';
import { INVALID_MOBILE_MESSAGE, isIndianMobile, isPlaceholderEmail, normaliseIndianMobile, placeholderEmail, visibleEmail } from './phone.ts';
import { protectVerificationValue, submittedOtp } from './otp-hash.ts';
import { accessControl, roles } from './roles.ts';

/**
 * better-auth, configured for the shop (docs/decisions/012-identity-better-auth.md). Everything that is
 * a policy lives here: which sign-in methods exist, how long codes and links live, what the access token
 * says, how codes are stored. Rate limits are NOT better-auth's (its limiter is off): they are ours, in
 * ./limits.ts, on the shared store, keyed on the client address Fastify computed and on the account.
 */

export interface AuthSettings {
  /** The storefront's public origin: links, cookies, OAuth redirects and the token's iss/aud. */
  siteUrl: string;
  secret: string;
  production: boolean;
  google?: { clientId: string; clientSecret: string } | undefined;
}

interface AuthDependencies {
  db: Database;
  /** Writes a message to the outbox in the same request (A2's app.outbox.enqueue). */
  enqueue(message: OutboxMessage): Promise<unknown>;
  log(level: 'debug' | 'info' | 'warn' | 'error', message: string, args: unknown[]): void;
}

/** The private header carrying Fastify's request.ip (overwritten on every request, see plugins/auth.ts). */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';
export const SESSION_COOKIE = 'auth_token';
export const BASE_PATH = '/api/auth';
const ACCESS_TOKEN_LIFETIME = '60m';

const OTP_SECONDS = 300;
const MAGIC_LINK_SECONDS = 900;
const PASSWORD_RESET_SECONDS = 1800;
const EMAIL_VERIFICATION_SECONDS = 3600;

// better-auth's error codes reach the client in lower case with the account area's texts (auth/refusals.ts).
const invalidEmail = () => new APIError('BAD_REQUEST', { message: 'Enter a valid email address', code: 'INVALID_EMAIL' });
const refused = (code: ProfileNameRefusal | 'profile_image_not_accepted') =>
  new APIError('BAD_REQUEST', { message: refusalMessage(code), code: code.toUpperCase() });

/**
 * The endpoints that take an account's name (and better-auth's `image`): a name is required to sign up by email and
 * optional elsewhere (a magic link's first sign-in, a profile change). Phone sign-ups start with no name.
 */
const NAME_REQUIRED_ON = new Map([
  ['/sign-up/email', true],
  ['/update-user', false],
  ['/sign-in/magic-link', false],
]);

/**
 * better-auth's GET endpoints of the mailed links, which would sign the browser in as they are opened (decision 145).
 * Opened over HTTP (an old mail's link, or a link another site made), they lead to the storefront's confirm page instead.
 */
const MAIL_LINK_ENDPOINTS = new Map<string, EmailLinkKind>([
  ['/magic-link/verify', 'magic-link'],
  ['/verify-email', 'verify-email'],
]);

/** The confirm page for a GET of a mailed link's endpoint, with its token and callback; the shop's home without a token. */
function confirmPageForRequest(siteUrl: string, kind: EmailLinkKind, query: unknown): string {
  const { token, callbackURL } = (query ?? {}) as { token?: unknown; callbackURL?: unknown };
  if (typeof token !== 'string' || token === '') return new URL('/', siteUrl).toString();
  return emailLinkPageUrl(siteUrl, kind, token, typeof callbackURL === 'string' ? callbackURL : null);
}

/**
 * The body with its name checked and trimmed (profile-name.ts), or the refusal. The shop shows no profile pictures,
 * so `image` may only be left out or cleared: a URL there would be stored unseen (a `javascript:` one, or 60 kB).
 */
function checkedProfile(body: Record<string, unknown>, nameRequired: boolean): Record<string, unknown> {
  if (body.image !== undefined && body.image !== null) throw refused('profile_image_not_accepted');
  if (body.name === undefined && !nameRequired) return body;
  const checked = checkProfileName(body.name);
  if ('refusal' in checked) throw refused(checked.refusal);
  return { ...body, name: checked.name };
}

export function createAuth(settings: AuthSettings, deps: AuthDependencies) {
  const { secret } = settings;

  /** Mail never goes to a phone user's placeholder address (it would only land in the dev outbox). */
  async function mail(message: OutboxMessage): Promise<void> {
    if (isPlaceholderEmail(message.recipient)) return;
    await deps.enqueue(message);
  }

  const magicLinks = magicLink({
    expiresIn: MAGIC_LINK_SECONDS,
    // Only the token's SHA-256 is kept (./email-link-confirmation.ts reads the row the same way).
    storeToken: 'hashed',
    // The link opens the storefront's confirm page; only its button signs in, by POST (decision 145).
    sendMagicLink: async ({ email, url, token }) => mail(magicLinkMail(email, emailLinkPageFor(settings.siteUrl, 'magic-link', url, token))),
  });

  return betterAuth({
    appName: 'Kaarigar Gifts',
    baseURL: settings.siteUrl,
    basePath: BASE_PATH,
    secret,
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      // A client's own mistake (a callback URL not the shop's, a forged OAuth state) is a warning, its values cut short.
      log: (level, message, ...args) => {
        const line = authLogLine(level, message, args);
        deps.log(line.level, line.message, line.args);
      },
    },
    // better-auth would print every 4xx answer as an error; only server errors are errors here.
    onAPIError: {
      onError: (error) => {
        const status = (error as { status?: unknown }).status;
        if (error instanceof APIError && status !== 'INTERNAL_SERVER_ERROR') deps.log('debug', error.message, []);
        else deps.log('error', error instanceof Error ? error.message : 'auth request failed', [error]);
      },
    },
    database: drizzleAdapter(deps.db, { provider: 'pg', schema: { user, session, account, verification, jwks } }),
    // Limits are ours (./limits.ts): better-auth's would key on a header a client can forge.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      skipTrailingSlashes: true,
      // better-auth skips its Origin/CSRF checks when NODE_ENV=test; keep them on everywhere, tests included.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // The spec names the cookie auth_token. better-auth would rename a Secure cookie to
      // "__Secure-auth_token"; we keep the exact name and set Secure ourselves in production.
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: settings.production },
      cookiePrefix: 'shop',
      cookies: { session_token: { name: SESSION_COOKIE } },
    },
    user: { changeEmail: { enabled: true } },
    // Password-reset tokens are row identifiers ("reset-password:<token>"): keep only their SHA-256, so a
    // database reader cannot reset passwords (magic-link tokens are hashed by the plugin, OTPs by our HMAC).
    verification: { storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: target, url }) => mail(passwordResetMail(target.email, url)),
      // Sign-up with a taken address answers like a new sign-up; the owner gets a note instead.
      onExistingUserSignUp: async ({ user: owner }) => mail(accountExistsMail(owner.email, settings.siteUrl)),
    },
    emailVerification: {
      sendOnSignUp: true,
      // A right password on an unverified address mails the link again (the first one may be lost).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_SECONDS,
      // The link opens the storefront's confirm page; only its button verifies (and signs in), by POST (decision 145).
      sendVerificationEmail: async ({ user: target, url, token }) =>
        mail(verifyEmailMail(target.email, emailLinkPageFor(settings.siteUrl, 'verify-email', url, token))),
    },
    socialProviders: settings.google
      ? { google: { clientId: settings.google.clientId, clientSecret: settings.google.clientSecret, prompt: 'select_account' } }
      : {},
    databaseHooks: {
      verification: {
        create: {
          // Phone OTPs are stored as an HMAC, never in clear (./otp-hash.ts).
          before: (row) => Promise.resolve({ data: { ...row, value: protectVerificationValue(secret, row.identifier, row.value) } }),
        },
      },
      user: {
        update: {
          // Confirming a changed address proves it: a phone user who adds an email ends up with a verified
          // email in one step (better-auth would copy the old, unverified flag of the placeholder).
          before: (data, ctx) => Promise.resolve(confirmsEmailChange(data, ctx) ? { data: { ...data, emailVerified: true } } : undefined),
        },
      },
    },
    hooks: {
      // eslint-disable-next-line @typescript-eslint/require-await -- better-auth wants a promise; the APIError thrown here is its rejection
      before: createAuthMiddleware(async (ctx) => {
        // A browser opening a mailed link's endpoint is shown the confirm page; the page's POST calls the endpoint
        // server-side (no `request`), which is let through (./email-link-confirmation.ts).
        const linkKind = MAIL_LINK_ENDPOINTS.get(ctx.path);
        if (linkKind && ctx.request) throw ctx.redirect(confirmPageForRequest(settings.siteUrl, linkKind, ctx.query));
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // A new password always signs every other session out, and their access tokens with them (decision 049);
        // the caller gets a fresh session (the storefront fetches its token again).
        if (ctx.path === '/change-password') return { context: { body: { ...body, revokeOtherSessions: true } } };
        // Placeholder addresses of phone users can never be claimed, signed in with or mailed.
        for (const field of ['email', 'newEmail'] as const) {
          if (isPlaceholderEmail(body[field] as string | undefined)) throw invalidEmail();
        }
        const nameRequired = NAME_REQUIRED_ON.get(ctx.path);
        if (nameRequired !== undefined) return { context: { body: checkedProfile(body, nameRequired) } };
        if (!ctx.path.startsWith('/phone-number/') && ctx.path !== '/sign-in/phone-number') return;
        // "98765 43210", "09876543210", "+91 98765-43210" all become "+919876543210" (one user, one counter).
        const phone = normaliseIndianMobile(body.phoneNumber);
        // The domain's own code for a number it cannot read (`phone_invalid`), as the forms name it too.
        if (phone === null) throw new APIError('BAD_REQUEST', { message: INVALID_MOBILE_MESSAGE, code: 'PHONE_INVALID' });
        const changed: Record<string, unknown> = { ...body, phoneNumber: phone };
        // Compare OTPs as HMACs: the plugin then compares our hash with the stored hash.
        if (ctx.path === '/phone-number/verify') changed.code = submittedOtp(secret, body.code);
        if (ctx.path === '/phone-number/reset-password') changed.otp = submittedOtp(secret, body.otp);
        return { context: { body: changed } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        // The API never shows a placeholder address: answers that carry a user get `email: null`.
        const returned = ctx.context.returned as { user?: { email?: unknown } } | undefined;
        if (returned && typeof returned === 'object' && !(returned instanceof Response) && returned.user && typeof returned.user === 'object') {
          if (isPlaceholderEmail(returned.user.email as string)) {
            return ctx.json({ ...returned, user: { ...returned.user, email: null } });
          }
        }
      }),
    },
    plugins: [
      phoneNumber({
        otpLength: 6,
        expiresIn: OTP_SECONDS,
        allowedAttempts: 3,
        phoneNumberValidator: (value) => isIndianMobile(value),
        sendOTP: async ({ phoneNumber: to, code }) => {
          await deps.enqueue(otpSms(to, code, 'sign-in'));
        },
        sendPasswordResetOTP: async ({ phoneNumber: to, code }) => {
          await deps.enqueue(otpSms(to, code, 'password-reset'));
        },
        signUpOnVerification: {
          getTempEmail: placeholderEmail,
          // No name until the person gives one (the account page asks); the number is shown as the mobile.
          getTempName: () => '',
        },
      }),
      magicLinks,
      emailLinkConfirmation({ magicLinkVerify: magicLinks.endpoints.magicLinkVerify }),
      jwt({
        jwt: {
          // A string is a duration; a number would be an absolute epoch (already expired).
          expirationTime: ACCESS_TOKEN_LIFETIME,
          definePayload: ({ user: claims, session: current }) => ({
            // The token is honoured only while this session lives (decision 049): sign-out revokes it at once.
            sid: current.id,
            name: claims.name,
            email: visibleEmail(claims.email) ?? undefined,
            phone_number: (claims as { phoneNumber?: string | null }).phoneNumber ?? undefined,
            role: (claims as { role?: string }).role,
          }),
        },
      }),
      admin({ ac: accessControl, roles, defaultRole: 'customer', adminRoles: ['admin'] }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Whether a user update is the change-email link being followed (for an address not verified yet). */
function confirmsEmailChange(data: Record<string, unknown>, ctx: { path?: string; query?: unknown } | null): boolean {
  if (ctx?.path !== '/verify-email' || typeof data.email !== 'string' || data.emailVerified !== false) return false;
  const query = (ctx.query ?? {}) as { token?: unknown };
  const token = typeof query.token === 'string' ? query.token : '';
  try {
    return decodeJwt(token).requestType === 'change-email-verification'; // already verified by the endpoint
  } catch {
    return false;
  }
}
