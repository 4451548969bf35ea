import { session, user, verification } from '@shop/db';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import {
  authContext,
  confirmLink,
  freshEmail,
  freshIp,
  get,
  latestLink,
  latestMessage,
  linkToken,
  post,
  SECRET,
  sessionCookie,
  signUpByEmail,
} from './auth-helpers.ts';

/** The magic-link plugin's row for a token (it keeps the token's SHA-256). */
const magicLinkIdentifier = (token: string) => `magic-link:${createHash('sha256').update(token).digest('base64url')}`;

/** What another site's page can make a browser send: a navigation (or <img>) from elsewhere, with no cookie yet. */
const crossSiteNavigation = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

/**
 * Decision 145: a mailed sign-in or verification link opens a storefront page that asks for a click; only that page's
 * POST uses the token. A GET (another site's <img>, a mail scanner's prefetch) signs nobody in and uses nothing up.
 */
describe.each(engines)('mailed links are confirmed by POST (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const who = (cookie: string) => post(ctx.app, '/api/user', undefined, { cookie });
  const sessionsOf = async (email: string) => {
    const [row] = await ctx.handle.db.select().from(user).where(eq(user.email, email));
    return row ? ctx.handle.db.select().from(session).where(eq(session.userId, row.id)) : [];
  };

  it('mails a link to the confirm page, with the token in the fragment only', async () => {
    const email = freshEmail();
    expect((await post(ctx.app, '/api/auth/sign-in/magic-link', { email, callbackURL: '/checkout' }, { ip: freshIp() })).statusCode).toBe(200);
    const link = await latestLink(ctx, email, 'magic-link');
    expect(`${link.origin}${link.pathname}${link.search}`).toBe('http://localhost:3000/signin/email-link?next=%2Fcheckout');
    expect(linkToken(link)).toMatch(/^[A-Za-z]{32}$/);
    // No API endpoint in the mail: nothing a prefetch could open signs in.
    const mail = await latestMessage(ctx, email, 'magic-link');
    expect(`${mail?.bodyText} ${mail?.bodyHtml}`).not.toContain('/api/');

    // A callback on another site never becomes the page's `next`.
    const other = freshEmail();
    await post(ctx.app, '/api/auth/sign-in/magic-link', { email: other, callbackURL: 'http://localhost:3000/my-account/orders?page=2' }, { ip: freshIp() });
    expect((await latestLink(ctx, other, 'magic-link')).searchParams.get('next')).toBe('/my-account/orders?page=2');
  });

  it("a GET of the sign-in link's endpoint signs nobody in and leaves the token for the page's POST", async () => {
    const email = freshEmail();
    const ip = freshIp();
    await post(ctx.app, '/api/auth/sign-in/magic-link', { email, callbackURL: '/my-account' }, { ip });
    const token = linkToken(await latestLink(ctx, email, 'magic-link'));

    // better-auth's own link, as an old mail has it or another site would embed it: the confirm page, no cookie.
    for (const headers of [{}, crossSiteNavigation]) {
      const opened = await get(ctx.app, `/api/auth/magic-link/verify?token=${token}&callbackURL=%2Fmy-account`, { ip, headers });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers.location).toBe(`http://localhost:3000/signin/email-link?next=%2Fmy-account#token=${token}`);
      expect(opened.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionsOf(email)).toEqual([]);

    // The page shows whose link it is, as often as it is loaded, using nothing up.
    for (let i = 0; i < 2; i++) {
      const preview = await post(ctx.app, '/api/auth/magic-link/preview', { token }, { ip });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toEqual({ email });
      expect(preview.headers['set-cookie']).toBeUndefined();
    }

    // Another site's page cannot press the button: its Origin, or a cross-site navigation, is refused.
    expectRefusal(await post(ctx.app, '/api/auth/magic-link/confirm', { token }, { ip, headers: { origin: 'https://evil.example' } }), 403, 'forbidden');
    const navigated = await post(ctx.app, '/api/auth/magic-link/confirm', { token }, { ip, headers: { origin: '', ...crossSiteNavigation } });
    expect(navigated.statusCode).toBe(403);
    expect(await sessionsOf(email)).toEqual([]);

    // The button: signs in (creating the account), on the address Fastify saw.
    const confirmed = await post(
      ctx.app,
      '/api/auth/magic-link/confirm',
      { token },
      { ip, headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' } },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: true });
    const cookie = sessionCookie(confirmed) as string;
    expect((await who(cookie)).json()).toMatchObject({ email, emailVerified: true });
    expect((await sessionsOf(email)).map((row) => row.ipAddress)).toEqual([ip]);

    // Once only: the page then says the link is used up.
    expectRefusal(await post(ctx.app, '/api/auth/magic-link/confirm', { token }, { ip }), 400, 'invalid_token');
    expectRefusal(await post(ctx.app, '/api/auth/magic-link/preview', { token }, { ip }), 400, 'invalid_token');
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it('refuses an expired sign-in link, and a token the shop never made, as unusable', async () => {
    const email = freshEmail();
    const ip = freshIp();
    await post(ctx.app, '/api/auth/sign-in/magic-link', { email }, { ip });
    const token = linkToken(await latestLink(ctx, email, 'magic-link'));
    const expired = await ctx.handle.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, magicLinkIdentifier(token)))
      .returning();
    expect(expired).toHaveLength(1);
    for (const tried of [token, 'NotATokenTheShopEverMadeXXXXXXXX', 'x'.repeat(2000)]) {
      expect(expectRefusal(await post(ctx.app, '/api/auth/magic-link/preview', { token: tried }, { ip }), 400, 'invalid_token').message).toBe(
        'This link has expired or has already been used.',
      );
      expectRefusal(await post(ctx.app, '/api/auth/magic-link/confirm', { token: tried }, { ip }), 400, 'invalid_token');
    }
    expect(await sessionsOf(email)).toEqual([]);
    expect((await post(ctx.app, '/api/auth/magic-link/confirm', {}, { ip })).statusCode).toBe(400);
  });

  it("a GET of the verification link's endpoint neither verifies nor signs in; the page's POST does both", async () => {
    const email = freshEmail();
    const ip = freshIp();
    await post(ctx.app, '/api/auth/sign-up/email', { email, password: 'correct horse battery', name: 'Asha', callbackURL: '/my-account' }, { ip });
    const link = await latestLink(ctx, email, 'verify-email');
    expect(`${link.origin}${link.pathname}${link.search}`).toBe('http://localhost:3000/signin/confirm-email?next=%2Fmy-account');
    const token = linkToken(link);

    const opened = await get(ctx.app, `/api/auth/verify-email?token=${token}&callbackURL=%2Fmy-account`, { ip, headers: crossSiteNavigation });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`http://localhost:3000/signin/confirm-email?next=%2Fmy-account#token=${token}`);
    expect(opened.headers['set-cookie']).toBeUndefined();
    const preview = await post(ctx.app, '/api/auth/email-verification/preview', { token }, { ip });
    expect(preview.json()).toEqual({ email, change: false });
    expectRefusal(
      await post(ctx.app, '/api/auth/email-verification/confirm', { token }, { ip, headers: { origin: 'https://evil.example' } }),
      403,
      'forbidden',
    );
    const [before] = await ctx.handle.db.select().from(user).where(eq(user.email, email));
    expect(before?.emailVerified).toBe(false);
    expect(await sessionsOf(email)).toEqual([]);

    const confirmed = await confirmLink(ctx.app, 'verify-email', link, { ip });
    expect(confirmed.statusCode).toBe(200);
    expect((await who(sessionCookie(confirmed) as string)).json()).toMatchObject({ email, emailVerified: true });
  });

  it('limits how often one address may try tokens, as it limits codes typed in', async () => {
    const ip = freshIp();
    const tries = [];
    for (let i = 0; i < 10; i++) tries.push((await post(ctx.app, '/api/auth/magic-link/preview', { token: `guess${i}`.padEnd(32, 'x') }, { ip })).statusCode);
    expect(tries).toEqual(Array(10).fill(400));
    expectRefusal(await post(ctx.app, '/api/auth/email-verification/confirm', { token: 'one.more.guess' }, { ip }), 429, 'rate_limited');
    // Another shopper is not held back.
    expectRefusal(await post(ctx.app, '/api/auth/magic-link/confirm', { token: 'another.guess' }, { ip: freshIp() }), 400, 'invalid_token');
  });

  it('shows the new address of an email change, and refuses an expired or forged verification link', async () => {
    const { cookie } = await signUpByEmail(ctx.app, ctx);
    const newEmail = freshEmail();
    await post(ctx.app, '/api/auth/change-email', { newEmail, callbackURL: '/my-account/account-details' }, { cookie });
    const link = await latestLink(ctx, newEmail, 'verify-email');
    expect(link.searchParams.get('next')).toBe('/my-account/account-details');
    expect((await post(ctx.app, '/api/auth/email-verification/preview', { token: linkToken(link) })).json()).toEqual({ email: newEmail, change: true });

    const key = new TextEncoder().encode(SECRET);
    const expired = await new SignJWT({ email: newEmail })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const forged = await new SignJWT({ email: newEmail })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not the secret'.padEnd(40)));
    for (const token of [expired, forged, 'not.a.jwt']) {
      expectRefusal(await post(ctx.app, '/api/auth/email-verification/preview', { token }), 400, 'invalid_token');
      expectRefusal(await post(ctx.app, '/api/auth/email-verification/confirm', { token }), 400, 'invalid_token');
    }
  });
});
