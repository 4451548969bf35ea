import { jwks, user } from '@shop/db';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import {
  accessToken,
  anotherApp,
  authContext,
  freshIp,
  freshPhone,
  get,
  latestCode,
  post,
  SECRET,
  SITE,
  sessionCookie,
  signInByPhone,
  signUpByEmail,
} from './auth-helpers.ts';

describe.each(engines)('access tokens, POST /api/user and roles (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const who = (options: { bearer?: string; cookie?: string; headers?: Record<string, string> } = {}) => post(ctx.app, '/api/user', undefined, options);

  it('issues a 60-minute token whose claims are name, email, phone_number, role and sub', async () => {
    const { cookie, email } = await signUpByEmail(ctx.app, ctx, undefined, undefined, 'Meera');
    const token = await accessToken(ctx.app, cookie);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ name: 'Meera', email, role: 'customer', iss: SITE, aud: SITE });
    expect(claims.phone_number).toBeUndefined();
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(Math.abs((claims.exp as number) - (Date.now() / 1000 + 3600))).toBeLessThan(60);
    expect(decodeProtectedHeader(token).kid).toBeTruthy();
  });

  it("leaves the email out of a phone user's token and answers it as null", async () => {
    const { cookie, phone, body } = await signInByPhone(ctx.app, ctx);
    const token = await accessToken(ctx.app, cookie);
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: body.user.id, phone_number: phone, role: 'customer', name: '' });
    expect('email' in claims).toBe(false);
    const profile = await who({ bearer: token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ _id: body.user.id, name: '', email: null, mobile: phone, role: 'customer', emailVerified: false, phoneVerified: true });
    // better-auth's own session answer hides the placeholder too.
    const current = await get(ctx.app, '/api/auth/get-session', { cookie });
    expect(current.json().user.email).toBeNull();
  });

  it('answers POST /api/user with a bearer token or the cookie, and 401 otherwise', async () => {
    const { cookie, email } = await signUpByEmail(ctx.app, ctx);
    const token = await accessToken(ctx.app, cookie);
    expect((await who({ bearer: token })).json()).toMatchObject({ email, emailVerified: true, mobile: null, phoneVerified: false });
    expect((await who({ cookie })).json()).toMatchObject({ email });

    const nothing = await who();
    expect(expectRefusal(nothing, 401, 'not_signed_in')).toEqual({ message: 'Sign in to continue', code: 'not_signed_in' });

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [`${header}.${forgedPayload}.${signature}`, `${header}.${payload}.${flipped}`, 'not-a-jwt', '']) {
      const response = await who({ headers: { authorization: `Bearer ${bad}` } });
      expect(response.statusCode, bad).toBe(401);
      expect(response.json()).toEqual({ message: 'Sign in to continue', code: 'not_signed_in' });
    }
    // A bad bearer token is not rescued by a good cookie.
    expectRefusal(await who({ cookie, headers: { authorization: 'Bearer nope' } }), 401, 'not_signed_in');
    // A garbage cookie is just "not signed in".
    expectRefusal(await who({ cookie: 'auth_token=forged.value' }), 401, 'not_signed_in');
  });

  it('refuses an expired token', async () => {
    const { cookie } = await signUpByEmail(ctx.app, ctx);
    const id = (await who({ cookie })).json()._id as string;
    const now = Math.floor(Date.now() / 1000);
    const { token } = await ctx.app.auth.api.signJWT({ body: { payload: { sub: id, iat: now - 7200, exp: now - 3600, iss: SITE, aud: SITE } } });
    expect(decodeJwt(token).exp).toBe(now - 3600);
    expectRefusal(await who({ bearer: token }), 401, 'not_signed_in');
  });

  it('accepts tokens issued by another API process on the same database', async () => {
    const other = await anotherApp(ctx);
    try {
      const { cookie } = await signInByPhone(other, ctx);
      const token = await accessToken(other, cookie);
      expect((await who({ bearer: token })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('re-reads the signing keys when a token names a key it has not seen (after a key change)', async () => {
    const { cookie } = await signInByPhone(ctx.app, ctx);
    expect((await who({ bearer: await accessToken(ctx.app, cookie) })).statusCode).toBe(200); // keys now cached
    // The keys are replaced (as after an AUTH_SECRET change); the next token is signed with a new key.
    await ctx.handle.db.delete(jwks);
    const token = await accessToken(ctx.app, cookie);
    const { kid } = decodeProtectedHeader(token);
    expect((await ctx.handle.db.select().from(jwks)).map((row) => row.id)).toEqual([kid]);
    // Unknown keys are looked up at most every 2 s.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await who({ bearer: token })).statusCode).toBe(200);
  });

  it('signs out: the cookie is cleared and the session ends on the server', async () => {
    const { cookie } = await signInByPhone(ctx.app, ctx);
    const out = await post(ctx.app, '/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'auth_token');
    expect(cleared?.value).toBe('');
    expectRefusal(await who({ cookie }), 401, 'not_signed_in');
  });

  it('refuses cookie-carrying writes from another origin', async () => {
    const { cookie } = await signInByPhone(ctx.app, ctx);
    const forged = await post(ctx.app, '/api/auth/update-user', { name: 'Hacked' }, { cookie, headers: { origin: 'https://evil.example' } });
    // The API's own CSRF check (decision 046) answers before better-auth's origin check would.
    expectRefusal(forged, 403, 'cross_site_request');
    expect((await who({ cookie })).json().name).toBe('');
  });

  it('takes a ban or a deleted account into account at once, even with a valid token', async () => {
    const { cookie, body } = await signInByPhone(ctx.app, ctx);
    const token = await accessToken(ctx.app, cookie);
    await ctx.handle.db.update(user).set({ banned: true }).where(eq(user.id, body.user.id));
    expectRefusal(await who({ bearer: token }), 401, 'not_signed_in');
  });

  it('renames through /update-user (the token follows), and never lets a user set their own role', async () => {
    const { cookie } = await signInByPhone(ctx.app, ctx);
    const renamed = await post(ctx.app, '/api/auth/update-user', { name: 'Kavya' }, { cookie });
    expect(renamed.statusCode).toBe(200);
    expect((await who({ cookie })).json().name).toBe('Kavya');
    expect(decodeJwt(await accessToken(ctx.app, cookie)).name).toBe('Kavya');
    const sneaky = await post(ctx.app, '/api/auth/update-user', { role: 'admin' }, { cookie });
    expectRefusal(sneaky, 400, 'bad_request');
    expect((await who({ cookie })).json().role).toBe('customer');
  });

  it('guards routes by role: customer < staff < admin, 401 then 403', async () => {
    const app = await buildApp({
      config: { mediaDir: ctx.mediaDir, redisUrl: undefined, trustProxy: false, logLevel: 'silent', siteUrl: SITE, authSecret: SECRET },
      db: ctx.handle,
      logger: false,
    });
    app.get('/api/test/staff-only', { preHandler: app.requireRole('staff') }, (request) => ({ role: request.user?.role }));
    app.get('/api/test/admin-only', { preHandler: app.requireRole('admin') }, (request) => ({ role: request.user?.role }));
    await app.ready();
    try {
      const { cookie, body } = await signInByPhone(app, ctx);
      const token = await accessToken(app, cookie);
      const call = (url: string, bearer?: string) => get(app, url, { bearer });
      expectRefusal(await call('/api/test/staff-only'), 401, 'not_signed_in');
      expect(expectRefusal(await call('/api/test/staff-only', token), 403, 'forbidden')).toEqual({
        message: 'You do not have access to this',
        code: 'forbidden',
      });

      // The role is read from the database, so a promotion counts before the token is renewed.
      await ctx.handle.db.update(user).set({ role: 'staff' }).where(eq(user.id, body.user.id));
      expect((await call('/api/test/staff-only', token)).json()).toEqual({ role: 'staff' });
      expectRefusal(await call('/api/test/admin-only', token), 403, 'forbidden');
      await ctx.handle.db.update(user).set({ role: 'admin' }).where(eq(user.id, body.user.id));
      expect((await call('/api/test/staff-only', token)).statusCode).toBe(200);
      expect((await call('/api/test/admin-only', token)).statusCode).toBe(200);
      // A fresh token says so too.
      expect(decodeJwt(await accessToken(app, cookie)).role).toBe('admin');
      // The database accepts only the three roles.
      await expect(ctx.handle.db.update(user).set({ role: 'owner' }).where(eq(user.id, body.user.id))).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});

describe.each(engines)('cookies and sign-in methods by configuration (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine, { nodeEnv: 'production', google: { clientId: 'client-id.apps.googleusercontent.com', clientSecret: 'client-secret' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps the cookie name auth_token in production and adds Secure, HttpOnly, SameSite=Lax', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await post(ctx.app, '/api/auth/phone-number/send-otp', { phoneNumber: phone }, { ip });
    const verified = await post(ctx.app, '/api/auth/phone-number/verify', { phoneNumber: phone, code: await latestCode(ctx, phone) }, { ip });
    const setCookie = ([] as string[]).concat(verified.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth_token=')) as string;
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(setCookie).toMatch(/; Max-Age=\d+/i);
    expect(sessionCookie(verified)).toBeDefined();
  });

  it('offers Google when configured, with the redirect on the storefront origin', async () => {
    expect((await get(ctx.app, '/api/sign-in-methods')).json()).toEqual({ phone: true, email: true, emailLink: true, google: true });
    const started = await post(ctx.app, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/my-account' }, { ip: freshIp() });
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().url);
    expect(url.hostname).toBe('accounts.google.com');
    expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/api/auth/callback/google`);
    expect(url.searchParams.get('client_id')).toBe('client-id.apps.googleusercontent.com');
  });
});

describe.each(engines)('sign-in methods without Google (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('hides Google when it is not configured', async () => {
    expect((await get(ctx.app, '/api/sign-in-methods')).json()).toEqual({ phone: true, email: true, emailLink: true, google: false });
    const started = await post(ctx.app, '/api/auth/sign-in/social', { provider: 'google' }, { ip: freshIp() });
    expect(started.statusCode).toBeGreaterThanOrEqual(400);
    expect(started.statusCode).toBeLessThan(500);
  });

  it('sets HttpOnly and SameSite=Lax but not Secure outside production', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await post(ctx.app, '/api/auth/phone-number/send-otp', { phoneNumber: phone }, { ip });
    const verified = await post(ctx.app, '/api/auth/phone-number/verify', { phoneNumber: phone, code: await latestCode(ctx, phone) }, { ip });
    const setCookie = ([] as string[]).concat(verified.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth_token=')) as string;
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).not.toMatch(/; Secure/i);
  });
});
