import { createHash } from 'node:crypto';
import { refusalMessage } from '@shop/domain/refusals/index';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, dispatchAuthEndpoint, formCsrfMiddleware, isAPIError, verifyEmail } from 'better-auth/api';
import { jwtVerify } from 'jose';
import * as z from 'zod';

/**
 * The mailed links' confirm step (decision 145). better-auth signs the browser in on a GET of its link
 * (`/magic-link/verify`, `/verify-email`), so any page could sign a visitor into an account of its choosing with an
 * <img> (login CSRF) and a mail scanner's prefetch would spend the one-time token. The mails now lead to a storefront
 * page (./email-link-pages.ts) that shows the address and POSTs the token here when the shopper presses the button:
 *
 * - `POST /magic-link/preview`, `POST /email-verification/preview` {token}: the address the link is for. Nothing is used up.
 * - `POST /magic-link/confirm`, `POST /email-verification/confirm` {token}: better-auth's own verify endpoint, run inside
 *   this request through its hook pipeline (`dispatchAuthEndpoint`), whose session cookie this answer carries.
 *
 * The confirm endpoints are JSON POSTs: the API's CSRF check, better-auth's origin check and its Fetch-Metadata check
 * (`formCsrfMiddleware`, as on its sign-in endpoints, for a browser with no cookie yet) refuse another site's page. A
 * GET of better-auth's own link is sent to the page by create-auth.ts's hook, so nothing signs in on a GET.
 */

/** Answer for any link that cannot be used: unknown, expired, used up, or for an account that is gone. */
const unusableLink = () => new APIError('BAD_REQUEST', { code: 'INVALID_TOKEN', message: refusalMessage('invalid_token') });

// The tokens: a magic link's is 32 letters, an email verification's a JWT of a few hundred characters.
const tokenBody = z.object({ token: z.string().min(1).max(2000) });

/** The magic-link plugin's row for a token: it keeps the SHA-256 of the token (create-auth.ts: storeToken 'hashed'). */
const magicLinkIdentifier = (token: string) => `magic-link:${createHash('sha256').update(token).digest('base64url')}`;

/** What the magic-link plugin stores with a token (its own record shape). */
const magicLinkRecord = z.object({ type: z.literal('magic-link'), email: z.string() });

/** What an email verification token says (better-auth's JWT): the address, and for an email change the new one. */
const verificationClaims = z.object({ email: z.string(), updateTo: z.string().optional() });

/** The OpenAPI description of an endpoint: better-auth's generator reads it (src/openapi/auth-paths.ts). */
function openApi(description: string, properties: Record<string, { type: 'string' | 'boolean'; description: string }>) {
  const schema = { type: 'object' as const, properties, required: Object.keys(properties) };
  return { openapi: { description, responses: { 200: { description: 'OK', content: { 'application/json': { schema } } } } } };
}

const linkAddress = { type: 'string', description: 'The address the link is for' } as const;
const done = { status: { type: 'boolean', description: 'Always true' } } as const;

interface EndpointContext {
  context: Parameters<typeof dispatchAuthEndpoint>[1]['context'];
  headers?: Headers | undefined;
  responseHeaders?: Headers | undefined;
}

/** better-auth's refusals of a link itself (an email change confirmed while signed in as someone else keeps its own). */
const LINK_PROBLEMS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND']);

/**
 * Runs one of better-auth's GET verify endpoints for `token` inside this request (no `request`: create-auth.ts's hook
 * lets server-side calls through), and passes the cookies it set on to this answer. A refusal of the link, or a
 * redirect (the magic-link plugin answers every failure by redirecting to its error URL), is the unusable-link refusal.
 */
async function runVerify(ctx: EndpointContext, endpoint: Parameters<typeof dispatchAuthEndpoint>[0], token: string): Promise<void> {
  let result: unknown;
  try {
    result = await dispatchAuthEndpoint(endpoint, {
      context: ctx.context,
      method: 'GET',
      query: { token },
      headers: ctx.headers ?? new Headers(),
      asResponse: false,
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error) && (error.statusCode === 302 || LINK_PROBLEMS.has(String(error.body?.code)))) throw unusableLink();
    throw error;
  }
  const headers = (result as { headers?: Headers | null }).headers;
  for (const cookie of headers?.getSetCookie() ?? []) ctx.responseHeaders?.append('set-cookie', cookie);
}

export function emailLinkConfirmation(options: { magicLinkVerify: Parameters<typeof dispatchAuthEndpoint>[0] }) {
  return {
    id: 'email-link-confirmation',
    endpoints: {
      previewMagicLink: createAuthEndpoint(
        '/magic-link/preview',
        { method: 'POST', body: tokenBody, metadata: openApi('The address a mailed sign-in link is for, without using the link.', { email: linkAddress }) },
        async (ctx) => {
          const row = await ctx.context.internalAdapter.findVerificationValue(magicLinkIdentifier(ctx.body.token));
          if (!row || row.expiresAt.getTime() <= Date.now()) throw unusableLink();
          let record: z.infer<typeof magicLinkRecord>;
          try {
            record = magicLinkRecord.parse(JSON.parse(row.value));
          } catch {
            throw unusableLink();
          }
          return ctx.json({ email: record.email });
        },
      ),
      confirmMagicLink: createAuthEndpoint(
        '/magic-link/confirm',
        {
          method: 'POST',
          body: tokenBody,
          use: [formCsrfMiddleware],
          requireHeaders: true,
          metadata: openApi('Uses a mailed sign-in link, from the page it opens: signs in (and up), setting the session cookie.', done),
        },
        async (ctx) => {
          await runVerify(ctx, options.magicLinkVerify, ctx.body.token);
          return ctx.json({ status: true });
        },
      ),
      previewEmailVerification: createAuthEndpoint(
        '/email-verification/preview',
        {
          method: 'POST',
          body: tokenBody,
          metadata: openApi('The address a mailed verification link is for (the new one for an email change), without using the link.', {
            email: linkAddress,
            change: { type: 'boolean', description: 'The link confirms a change of the account’s address' },
          }),
        },
        async (ctx) => {
          let claims: z.infer<typeof verificationClaims>;
          try {
            const { payload } = await jwtVerify(ctx.body.token, new TextEncoder().encode(ctx.context.secret), { algorithms: ['HS256'] });
            claims = verificationClaims.parse(payload);
          } catch {
            throw unusableLink();
          }
          // A change of address is confirmed at the new address: that is the one to show.
          return ctx.json({ email: claims.updateTo ?? claims.email, change: claims.updateTo !== undefined });
        },
      ),
      confirmEmailVerification: createAuthEndpoint(
        '/email-verification/confirm',
        {
          method: 'POST',
          body: tokenBody,
          use: [formCsrfMiddleware],
          requireHeaders: true,
          metadata: openApi('Uses a mailed verification link, from the page it opens: verifies the address, and signs in.', done),
        },
        async (ctx) => {
          await runVerify(ctx, verifyEmail, ctx.body.token);
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
