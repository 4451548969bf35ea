import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { anotherApp, authContext, freshEmail, freshIp, freshPhone, messageCount, post } from './auth-helpers.ts';

describe.each(engines)('sign-in rate limits (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const sendOtp = (phoneNumber: string, ip: string, headers?: Record<string, string>, app = ctx.app) =>
    post(app, '/api/auth/phone-number/send-otp', { phoneNumber }, { ip, headers });

  it('sends at most 3 codes in 10 minutes to one number from one address, and 30 an hour from all addresses', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    // However the number is written, it is one counter.
    const spellings = [phone, phone.slice(3), `+91 ${phone.slice(3, 8)} ${phone.slice(8)}`];
    const first = await Promise.all(spellings.map((spelling) => sendOtp(spelling, ip)));
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // Nor does a path spelt differently (dot segments, a trailing slash) escape the count.
    for (const url of ['/api/auth/phone-number/./send-otp', '/api/auth/x/../phone-number/send-otp/']) {
      expectRefusal(await post(ctx.app, url, { phoneNumber: `0${phone.slice(3)}` }, { ip }), 429, 'rate_limited');
    }
    const fourth = await sendOtp(phone, ip);
    expect(expectRefusal(fourth, 429, 'rate_limited')).toEqual({
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes?\.$/),
      code: 'rate_limited',
      params: { minutes: expect.any(Number) },
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await messageCount(ctx, phone)).toBe(3);
    // Another number from the same address is not affected.
    expect((await sendOtp(freshPhone(), ip)).statusCode).toBe(200);

    // From many addresses the number gets at most 30 an hour (no flooding), refused only past that.
    for (let i = 0; i < 9; i++) {
      const from = freshIp();
      const three = await Promise.all([0, 1, 2].map(() => sendOtp(phone, from)));
      expect(three.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    }
    expect(await messageCount(ctx, phone)).toBe(30);
    expectRefusal(await sendOtp(phone, freshIp()), 429, 'rate_limited');
  });

  it('limits codes per client address, across numbers', async () => {
    const ip = freshIp();
    const twenty = await Promise.all(Array.from({ length: 20 }, () => sendOtp(freshPhone(), ip)));
    expect(twenty.every((r) => r.statusCode === 200)).toBe(true);
    expectRefusal(await sendOtp(freshPhone(), ip), 429, 'rate_limited');
    expect((await sendOtp(freshPhone(), freshIp())).statusCode).toBe(200);
  });

  it('counts IPv6 clients per /64, so rotating addresses within one prefix does not help', async () => {
    const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:1`;
    const twenty = await Promise.all(Array.from({ length: 20 }, (_, i) => sendOtp(freshPhone(), `${prefix}::${(i + 1).toString(16)}`)));
    expect(twenty.every((r) => r.statusCode === 200)).toBe(true);
    expectRefusal(await sendOtp(freshPhone(), `${prefix}::ffff`), 429, 'rate_limited');
  });

  it('holds across API processes sharing the database', async () => {
    const other = await anotherApp(ctx);
    try {
      const phone = freshPhone();
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await sendOtp(phone, ip, undefined, i % 2 ? other : ctx.app)).statusCode).toBe(200);
      expectRefusal(await sendOtp(phone, ip, undefined, other), 429, 'rate_limited');
    } finally {
      await other.close();
    }
  });

  it('ignores a forged X-Forwarded-For (and a forged private address header) without a trusted proxy', async () => {
    const ip = freshIp();
    const twenty = await Promise.all(
      Array.from({ length: 20 }, () => sendOtp(freshPhone(), ip, { 'x-forwarded-for': freshIp(), 'x-shop-client-ip': freshIp() })),
    );
    expect(twenty.every((r) => r.statusCode === 200)).toBe(true);
    expectRefusal(await sendOtp(freshPhone(), ip, { 'x-forwarded-for': freshIp() }), 429, 'rate_limited');
  });

  it('counts the forwarded address when TRUST_PROXY names the proxy', async () => {
    const trusting = await anotherApp(ctx, { trustProxy: true });
    try {
      const proxy = freshIp();
      const client = freshIp();
      const twenty = await Promise.all(Array.from({ length: 20 }, () => sendOtp(freshPhone(), proxy, { 'x-forwarded-for': client }, trusting)));
      expect(twenty.every((r) => r.statusCode === 200)).toBe(true);
      expectRefusal(await sendOtp(freshPhone(), proxy, { 'x-forwarded-for': client }, trusting), 429, 'rate_limited');
      // Another client behind the same proxy has its own counter.
      expect((await sendOtp(freshPhone(), proxy, { 'x-forwarded-for': freshIp() }, trusting)).statusCode).toBe(200);
    } finally {
      await trusting.close();
    }
  });

  it("by default trusts only the storefront on this machine: it counts the address the storefront appended, never a client's own entries", async () => {
    const defaults = await anotherApp(ctx, { trustProxy: ['loopback'] });
    try {
      const client = freshIp();
      // The storefront (127.0.0.1) appends the peer it saw after whatever the client wrote.
      const viaStorefront = (forged: string) => sendOtp(freshPhone(), '127.0.0.1', { 'x-forwarded-for': `${forged}, ${client}` }, defaults);
      const twenty = await Promise.all(Array.from({ length: 20 }, () => viaStorefront(freshIp())));
      expect(twenty.every((r) => r.statusCode === 200)).toBe(true);
      expectRefusal(await viaStorefront(freshIp()), 429, 'rate_limited');
      // A client reaching the API directly cannot pick its address either.
      const direct = freshIp();
      const straight = await Promise.all(Array.from({ length: 20 }, () => sendOtp(freshPhone(), direct, { 'x-forwarded-for': freshIp() }, defaults)));
      expect(straight.every((r) => r.statusCode === 200)).toBe(true);
      expectRefusal(await sendOtp(freshPhone(), direct, { 'x-forwarded-for': freshIp() }, defaults), 429, 'rate_limited');
    } finally {
      await defaults.close();
    }
  });

  it('throttles password sign-in per account from one address, and per address across accounts', async () => {
    const email = freshEmail();
    const ip = freshIp();
    const attempt = (from: string, address = email) => post(ctx.app, '/api/auth/sign-in/email', { email: address, password: 'wrong password' }, { ip: from });
    for (let i = 0; i < 5; i++) expectRefusal(await attempt(ip), 401, 'invalid_email_or_password');
    expectRefusal(await attempt(ip), 429, 'rate_limited');
    // The same account in other letter case shares the counter.
    expectRefusal(await attempt(ip, email.toUpperCase()), 429, 'rate_limited');
    // The same account from another address is not held back.
    expectRefusal(await attempt(freshIp()), 401, 'invalid_email_or_password');

    const shared = freshIp();
    for (let i = 0; i < 10; i++) expectRefusal(await attempt(shared, freshEmail()), 401, 'invalid_email_or_password');
    expectRefusal(await attempt(shared, freshEmail()), 429, 'rate_limited');
  });

  it('limits forgot-password and email links per address and account, and per address', async () => {
    const email = freshEmail();
    const ip = freshIp();
    const three = await Promise.all(
      Array.from({ length: 3 }, () => post(ctx.app, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }, { ip })),
    );
    expect(three.every((r) => r.statusCode === 200)).toBe(true);
    // Every mail to one address shares the count.
    expectRefusal(await post(ctx.app, '/api/auth/sign-in/magic-link', { email }, { ip }), 429, 'rate_limited');

    const busy = freshIp();
    const links = await Promise.all(Array.from({ length: 20 }, () => post(ctx.app, '/api/auth/sign-in/magic-link', { email: freshEmail() }, { ip: busy })));
    expect(links.every((r) => r.statusCode === 200)).toBe(true);
    expectRefusal(
      await post(ctx.app, '/api/auth/request-password-reset', { email: freshEmail(), redirectTo: '/reset-password' }, { ip: busy }),
      429,
      'rate_limited',
    );
  });
});

describe('sign-in rate limits in Redis (REDIS_URL)', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let ctx: TestContext;
  let redis: Redis;
  const phone = freshPhone();
  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    ctx = await authContext('pglite', { redisUrl: REDIS_URL });
  });
  afterAll(async () => {
    await ctx?.close();
    const keys = await redis.keys(`shop-rate-limit:*${phone}`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts codes per number and address in Redis, shared by every process using it', async () => {
    const other = await anotherApp(ctx, { redisUrl: REDIS_URL });
    const ip = freshIp();
    try {
      for (let i = 0; i < 3; i++) {
        const response = await post(i % 2 ? other : ctx.app, '/api/auth/phone-number/send-otp', { phoneNumber: phone }, { ip });
        expect(response.statusCode).toBe(200);
      }
      const keys = (await redis.keys(`shop-rate-limit:*${phone}`)).sort();
      // The three steps of the number from this address, and the number's ceiling from every address.
      expect(keys).toEqual([
        expect.stringContaining(`auth:sms-phone-ip-3600:${ip}:`),
        expect.stringContaining(`auth:sms-phone-ip-600:${ip}:`),
        expect.stringContaining(`auth:sms-phone-ip-86400:${ip}:`),
        expect.stringContaining('auth:sms-phone:'),
      ]);
      for (const key of keys) expect(Number(await redis.get(key))).toBe(3);
      expectRefusal(await post(other, '/api/auth/phone-number/send-otp', { phoneNumber: phone }, { ip }), 429, 'rate_limited');
    } finally {
      await other.close();
    }
  });
});
