import { session, user, verification } from '@shop/db';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
  sessionCookie,
  signInByPhone,
  signUpByEmail,
} from './auth-helpers.ts';

/** How better-auth stores a reset token's row identifier (storeIdentifier 'hashed'). */
const resetIdentifier = (token: string) => createHash('sha256').update(`reset-password:${token}`).digest('base64url');

describe.each(engines)('email sign-in (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const signIn = (email: string, password: string, ip = freshIp()) => post(ctx.app, '/api/auth/sign-in/email', { email, password }, { ip });
  const who = (cookie: string) => post(ctx.app, '/api/user', undefined, { cookie });

  it('signs up, mails a verification link, and signs in only once the email is verified', async () => {
    const email = freshEmail();
    const ip = freshIp();
    const signedUp = await post(ctx.app, '/api/auth/sign-up/email', { email, password: 'correct horse battery', name: 'Asha' }, { ip });
    expect(signedUp.statusCode).toBe(200);
    expect(sessionCookie(signedUp)).toBeUndefined();

    const firstMail = await latestMessage(ctx, email, 'verify-email');
    const early = await signIn(email, 'correct horse battery');
    // better-auth's code, in lower case, with the account area's text (decision 037).
    expect(expectRefusal(early, 403, 'email_not_verified')).toEqual({
      message: 'Please verify your email first: open the link we emailed you.',
      code: 'email_not_verified',
    });
    // The right password on an unverified address mails the link again.
    expect((await latestMessage(ctx, email, 'verify-email'))?.id).not.toBe(firstMail?.id);

    const mail = await latestMessage(ctx, email, 'verify-email');
    expect(mail).toMatchObject({ channel: 'email', subject: 'Confirm your email for Kaarigar Gifts' });
    const link = await latestLink(ctx, email, 'verify-email');
    expect(link.origin).toBe('http://localhost:3000');
    // The storefront's confirm page, whose button verifies (decision 145).
    expect(link.pathname).toBe('/signin/confirm-email');
    const verified = await confirmLink(ctx.app, 'verify-email', link, { ip });
    const cookie = sessionCookie(verified);
    expect(cookie).toBeDefined();
    expect((await who(cookie as string)).json()).toMatchObject({ email, name: 'Asha', emailVerified: true, mobile: null, role: 'customer' });

    const later = await signIn(email, 'correct horse battery');
    expect(later.statusCode).toBe(200);
    expect(sessionCookie(later)).toBeDefined();
    expect(expectRefusal(await signIn(email, 'wrong password'), 401, 'invalid_email_or_password').message).toBe('Wrong email or password');
  });

  it('records the client address Fastify saw on the session, not a forged header', async () => {
    const { email, password } = await signUpByEmail(ctx.app, ctx);
    const response = await post(
      ctx.app,
      '/api/auth/sign-in/email',
      { email, password },
      { ip: '10.9.8.7', headers: { 'x-forwarded-for': '1.2.3.4', 'x-shop-client-ip': '5.6.7.8' } },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.handle.db.select().from(session).where(eq(session.token, response.json().token));
    expect(row?.ipAddress).toBe('10.9.8.7');
  });

  it('signs in with an email link, once, creating the account if needed', async () => {
    const email = freshEmail();
    const ip = freshIp();
    const asked = await post(ctx.app, '/api/auth/sign-in/magic-link', { email, callbackURL: '/my-account' }, { ip });
    expect(asked.statusCode).toBe(200);
    const link = await latestLink(ctx, email, 'magic-link');
    const token = linkToken(link);
    // Stored hashed: the token in the mail is not in the table.
    const rows = await ctx.handle.db.select().from(verification);
    expect(JSON.stringify(rows)).not.toContain(token);
    const [row] = rows.filter((r) => r.value.includes(email));
    expect(((row?.expiresAt.getTime() ?? 0) - Date.now()) / 1000).toBeGreaterThan(880);

    // The confirm page's button (decision 145), and then the page goes to the callback.
    expect(link.pathname).toBe('/signin/email-link');
    expect(link.searchParams.get('next')).toBe('/my-account');
    const first = await confirmLink(ctx.app, 'magic-link', link, { ip });
    expect(first.statusCode).toBe(200);
    const cookie = sessionCookie(first) as string;
    expect((await who(cookie)).json()).toMatchObject({ email, emailVerified: true });

    const second = await confirmLink(ctx.app, 'magic-link', link, { ip });
    expect(sessionCookie(second)).toBeUndefined();
    expectRefusal(second, 400, 'invalid_token');
  });

  it('resets a forgotten password with a single-use link valid 30 minutes, signing out every session', async () => {
    const { email, cookie } = await signUpByEmail(ctx.app, ctx);
    const ip = freshIp();
    const asked = await post(ctx.app, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, { ip });
    expect(asked.statusCode).toBe(200);
    const link = await latestLink(ctx, email, 'password-reset');
    const linkToken = link.pathname.split('/').pop() as string;
    // Stored as a hash of the identifier: the token itself is nowhere in the table.
    expect(JSON.stringify(await ctx.handle.db.select().from(verification))).not.toContain(linkToken);
    const [row] = await ctx.handle.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, resetIdentifier(linkToken)));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const opened = await get(ctx.app, link.pathname + link.search, { ip });
    expect(opened.statusCode).toBe(302);
    const target = new URL(String(opened.headers.location), 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token') as string;

    const reset = await post(ctx.app, '/api/auth/reset-password', { newPassword: 'a brand new secret', token }, { ip });
    expect(reset.statusCode).toBe(200);
    expectRefusal(await who(cookie), 401, 'not_signed_in');
    expect((await signIn(email, 'a brand new secret')).statusCode).toBe(200);
    expectRefusal(await signIn(email, 'correct horse battery'), 401, 'invalid_email_or_password');

    const again = await post(ctx.app, '/api/auth/reset-password', { newPassword: 'yet another secret', token }, { ip });
    expectRefusal(again, 400, 'invalid_token');
  });

  it('refuses a reset link older than 30 minutes', async () => {
    const { email } = await signUpByEmail(ctx.app, ctx);
    const ip = freshIp();
    await post(ctx.app, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, { ip });
    const link = await latestLink(ctx, email, 'password-reset');
    const token = link.pathname.split('/').pop() as string;
    const expired = await ctx.handle.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, resetIdentifier(token)))
      .returning();
    expect(expired).toHaveLength(1);
    const reset = await post(ctx.app, '/api/auth/reset-password', { newPassword: 'a brand new secret', token }, { ip });
    expect(expectRefusal(reset, 400, 'invalid_token').message).toBe('This link has expired or has already been used.');
  });

  it('changes the password with the current one and signs out the other sessions', async () => {
    const { email, password, cookie: first } = await signUpByEmail(ctx.app, ctx);
    const second = sessionCookie(await signIn(email, password)) as string;
    const wrong = await post(
      ctx.app,
      '/api/auth/change-password',
      { currentPassword: 'not it at all', newPassword: 'changed secret 1', revokeOtherSessions: true },
      { cookie: second },
    );
    expectRefusal(wrong, 400, 'invalid_password');
    const short = await post(
      ctx.app,
      '/api/auth/change-password',
      { currentPassword: password, newPassword: 'short', revokeOtherSessions: true },
      { cookie: second },
    );
    expect(expectRefusal(short, 400, 'password_too_short')).toEqual({
      message: 'Password must be at least 8 characters',
      code: 'password_too_short',
      params: { min: 8 },
    });
    const changed = await post(
      ctx.app,
      '/api/auth/change-password',
      { currentPassword: password, newPassword: 'changed secret 1', revokeOtherSessions: true },
      { cookie: second },
    );
    expect(changed.statusCode).toBe(200);
    const current = sessionCookie(changed) as string;
    expect(current).toBeDefined();
    expectRefusal(await who(first), 401, 'not_signed_in');
    expect((await who(current)).statusCode).toBe(200);
    expect((await signIn(email, 'changed secret 1')).statusCode).toBe(200);
  });

  it('lets a phone user add an email: one account, verified by the link to the new address', async () => {
    const { cookie, body } = await signInByPhone(ctx.app, ctx);
    const email = freshEmail();
    const asked = await post(ctx.app, '/api/auth/change-email', { newEmail: email, callbackURL: '/my-account/account-details' }, { cookie });
    expect(asked.statusCode).toBe(200);
    const link = await latestLink(ctx, email, 'verify-email');
    const clicked = await confirmLink(ctx.app, 'verify-email', link, { cookie });
    expect(clicked.statusCode).toBe(200);
    const profile = (await who(cookie)).json();
    expect(profile).toMatchObject({ _id: body.user.id, email, emailVerified: true, phoneVerified: true });
    const rows = await ctx.handle.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
  });

  it("never lets anyone claim or mail a phone user's placeholder address", async () => {
    const { phone } = await signInByPhone(ctx.app, ctx);
    const placeholder = `${phone.replace(/\D/g, '')}@phone.kaarigar.invalid`;
    for (const [path, body] of [
      ['/api/auth/sign-up/email', { email: placeholder, password: 'correct horse battery', name: 'X' }],
      ['/api/auth/request-password-reset', { email: placeholder, redirectTo: '/reset-password' }],
      ['/api/auth/sign-in/magic-link', { email: placeholder }],
      ['/api/auth/sign-in/email', { email: placeholder, password: 'whatever it is' }],
    ] as const) {
      const response = await post(ctx.app, path, body, { ip: freshIp() });
      expect(response.statusCode, path).toBe(400);
      expectRefusal(response, 400, 'invalid_email');
    }
    expect(await latestMessage(ctx, placeholder)).toBeUndefined();
  });

  it('answers a sign-up with a taken address like any sign-up, and tells the owner instead', async () => {
    const { email } = await signUpByEmail(ctx.app, ctx);
    const again = await post(ctx.app, '/api/auth/sign-up/email', { email, password: 'someone else entirely', name: 'Other' }, { ip: freshIp() });
    const fresh = await post(ctx.app, '/api/auth/sign-up/email', { email: freshEmail(), password: 'someone else entirely', name: 'Other' }, { ip: freshIp() });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(sessionCookie(again)).toBeUndefined();
    const note = await latestMessage(ctx, email, 'account-exists');
    expect(note?.subject).toBe('You already have a Kaarigar Gifts account');
    expect(note?.bodyText).toContain('http://localhost:3000/forget-password');
    expect(await ctx.handle.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    // The original password still works.
    expect((await signIn(email, 'correct horse battery')).statusCode).toBe(200);
  });
});
