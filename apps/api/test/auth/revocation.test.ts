import { user } from '@shop/db';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { accessToken, anotherApp, authContext, freshIp, post, sessionCookie, signInByPhone, signUpByEmail } from './auth-helpers.ts';

/**
 * Issue 19 finding 5 (decision 049): an access token is honoured only while the session it was issued for lives, so
 * sign-out, a password change and a lost staff role end its use at once, in every API process, although its
 * signature stays valid for 60 minutes.
 */
describe.each(engines)('access tokens end with their session (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const who = (bearer: string, app = ctx.app) => post(app, '/api/user', undefined, { bearer });

  it('names its session in the token (sid)', async () => {
    const { cookie } = await signInByPhone(ctx.app, ctx);
    const token = await accessToken(ctx.app, cookie);
    expect(decodeJwt(token).sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });

  it('refuses a token at once after its session signs out, in this process and in another', async () => {
    const other = await anotherApp(ctx);
    try {
      const { cookie } = await signInByPhone(ctx.app, ctx);
      const token = await accessToken(ctx.app, cookie);
      // Both processes have verified (and remembered) the token.
      expect((await who(token)).statusCode).toBe(200);
      expect((await who(token, other)).statusCode).toBe(200);

      expect((await post(ctx.app, '/api/auth/sign-out', {}, { cookie })).statusCode).toBe(200);
      expectRefusal(await who(token), 401, 'not_signed_in');
      expectRefusal(await who(token, other), 401, 'not_signed_in');
    } finally {
      await other.close();
    }
  });

  it('signing out one session leaves the same account signed in elsewhere', async () => {
    const { phone, cookie: phoneCookie } = await signInByPhone(ctx.app, ctx);
    const { cookie: laptopCookie } = await signInByPhone(ctx.app, ctx, phone);
    const phoneToken = await accessToken(ctx.app, phoneCookie);
    const laptopToken = await accessToken(ctx.app, laptopCookie);
    await post(ctx.app, '/api/auth/sign-out', {}, { cookie: phoneCookie });
    expectRefusal(await who(phoneToken), 401, 'not_signed_in');
    expect((await who(laptopToken)).statusCode).toBe(200);
  });

  it('a password change signs every other session out, and their tokens, even when the client asks to keep them', async () => {
    const { email, password, cookie } = await signUpByEmail(ctx.app, ctx);
    const signedIn = await post(ctx.app, '/api/auth/sign-in/email', { email, password }, { ip: freshIp() });
    const otherCookie = sessionCookie(signedIn) as string;
    const otherToken = await accessToken(ctx.app, otherCookie);
    expect((await who(otherToken)).statusCode).toBe(200);

    const changed = await post(
      ctx.app,
      '/api/auth/change-password',
      { currentPassword: password, newPassword: 'a new long password', revokeOtherSessions: false },
      { cookie },
    );
    expect(changed.statusCode).toBe(200);
    expectRefusal(await who(otherToken), 401, 'not_signed_in');
    expectRefusal(await post(ctx.app, '/api/user', undefined, { cookie: otherCookie }), 401, 'not_signed_in');
    // The browser that changed it carries on in its new session, with a new token.
    const fresh = sessionCookie(changed) as string;
    expect((await who(await accessToken(ctx.app, fresh))).statusCode).toBe(200);
  });

  it('places no order with a signed-out token (the order route reads the caller in its own statement)', async () => {
    const { cookie } = await signInByPhone(ctx.app, ctx);
    const token = await accessToken(ctx.app, cookie);
    await post(ctx.app, '/api/auth/sign-out', {}, { cookie });
    const order = await post(
      ctx.app,
      '/api/user/order',
      { items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], addressId: '00000000-0000-4000-8000-000000000001', paymentMethod: 'cod' },
      { bearer: token },
    );
    expectRefusal(order, 401, 'not_signed_in');
  });

  it('a staff member whose role is taken away loses the back office at once, by token and by cookie', async () => {
    const { cookie, body } = await signInByPhone(ctx.app, ctx);
    const id = body.user.id as string;
    await ctx.handle.db.update(user).set({ role: 'staff' }).where(eq(user.id, id));
    const token = await accessToken(ctx.app, cookie);
    expect(decodeJwt(token).role).toBe('staff');
    const reports = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/admin/reports', headers });
    expect((await reports({ authorization: `Bearer ${token}` })).statusCode).toBe(200);

    // What PUT /api/admin/staff/:id/role { role: 'customer' } writes (test/admin/staff.test.ts goes through the route).
    await ctx.handle.db.update(user).set({ role: 'customer' }).where(eq(user.id, id));
    expectRefusal(await reports({ authorization: `Bearer ${token}` }), 403, 'forbidden');
    expectRefusal(await reports({ cookie }), 403, 'forbidden');
  });
});
