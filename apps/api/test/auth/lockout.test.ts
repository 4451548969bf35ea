import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { authContext, freshIp, freshPhone, latestCode, messageCount, post, sessionCookie, signUpByEmail } from './auth-helpers.ts';

/**
 * Issue 19 finding 4 (decision 048): 10 wrong passwords from anywhere used to lock the owner out for 15 minutes from
 * every address, and the mail limit could stop the owner's sign-in links. Now an attacker failing 50 times from
 * address A is slowed down (stepped back-off) and refused at A, while the owner signs in from address B at once.
 */
describe.each(engines)('an attacker at one address cannot lock the owner out (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const ATTACKS = 50;

  /** Ends the current window of every step of a limit with this window length, as if that much time had passed. */
  async function endWindows(bucketPart: string) {
    await ctx.handle.db.execute(sql`update rate_limits set reset_at = now() where key like ${`%auth:${bucketPart}:%`}`);
  }

  it('password: 50 failures from A are refused there; the owner signs in from B at once', async () => {
    const { email, password } = await signUpByEmail(ctx.app, ctx);
    const attacker = freshIp();
    const owner = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < ATTACKS; i++) {
      statuses.push((await post(ctx.app, '/api/auth/sign-in/email', { email, password: `guess number ${i}` }, { ip: attacker })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);

    const signedIn = await post(ctx.app, '/api/auth/sign-in/email', { email, password }, { ip: owner });
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookie(signedIn)).toBeTruthy();

    // At A even the right password waits: the address is told how long, in minutes and Retry-After.
    const held = await post(ctx.app, '/api/auth/sign-in/email', { email, password }, { ip: attacker });
    expect(expectRefusal(held, 429, 'rate_limited').params).toEqual({ minutes: expect.any(Number) });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('password: the wait grows step by step (a minute, then a quarter of an hour) as A keeps failing', async () => {
    const { email } = await signUpByEmail(ctx.app, ctx);
    const attacker = freshIp();
    const guess = () => post(ctx.app, '/api/auth/sign-in/email', { email, password: 'another guess' }, { ip: attacker });
    for (let i = 0; i < 5; i++) expectRefusal(await guess(), 401, 'invalid_email_or_password');
    const first = await guess();
    expectRefusal(first, 429, 'rate_limited');
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(60);

    // A minute later (its window ended): the quarter-hour step has counted all six, so four more tries, then it holds
    // A back for longer.
    await endWindows('sign-in-email-ip-60');
    await endWindows('sign-in-ip-60');
    for (let i = 0; i < 4; i++) expectRefusal(await guess(), 401, 'invalid_email_or_password');
    const second = await guess();
    expect(expectRefusal(second, 429, 'rate_limited').params).toEqual({ minutes: expect.any(Number) });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('phone password sign-in: failures from A do not hold the number back at B', async () => {
    const phone = freshPhone();
    const attacker = freshIp();
    for (let i = 0; i < ATTACKS; i++) await post(ctx.app, '/api/auth/sign-in/phone-number', { phoneNumber: phone, password: `guess ${i}` }, { ip: attacker });
    expectRefusal(await post(ctx.app, '/api/auth/sign-in/phone-number', { phoneNumber: phone, password: 'guess' }, { ip: attacker }), 429, 'rate_limited');
    // From B the number is only told the password is wrong (it has none): not held back.
    const fromB = await post(ctx.app, '/api/auth/sign-in/phone-number', { phoneNumber: phone, password: 'guess' }, { ip: freshIp() });
    expect(fromB.statusCode).not.toBe(429);
  });

  it('magic links: 50 requests for the owner from A are refused there; the owner gets a link from B at once', async () => {
    const { email } = await signUpByEmail(ctx.app, ctx);
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < ATTACKS; i++) statuses.push((await post(ctx.app, '/api/auth/sign-in/magic-link', { email }, { ip: attacker })).statusCode);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3).every((status) => status === 429)).toBe(true);

    const before = await messageCount(ctx, email);
    expect((await post(ctx.app, '/api/auth/sign-in/magic-link', { email }, { ip: freshIp() })).statusCode).toBe(200);
    expect(await messageCount(ctx, email)).toBe(before + 1);
  });

  it('phone codes: 50 sends and 50 wrong codes for the owner from A; the owner gets a code and signs in from B at once', async () => {
    const phone = freshPhone();
    const attacker = freshIp();
    const sends: number[] = [];
    for (let i = 0; i < ATTACKS; i++) sends.push((await post(ctx.app, '/api/auth/phone-number/send-otp', { phoneNumber: phone }, { ip: attacker })).statusCode);
    expect(sends.slice(0, 3)).toEqual([200, 200, 200]);
    expect(sends.slice(3).every((status) => status === 429)).toBe(true);
    const checks: number[] = [];
    for (let i = 0; i < ATTACKS; i++) {
      checks.push((await post(ctx.app, '/api/auth/phone-number/verify', { phoneNumber: phone, code: String(100000 + i) }, { ip: attacker })).statusCode);
    }
    expect(checks.slice(5).every((status) => status === 429)).toBe(true);

    const owner = freshIp();
    expect((await post(ctx.app, '/api/auth/phone-number/send-otp', { phoneNumber: phone }, { ip: owner })).statusCode).toBe(200);
    const verified = await post(ctx.app, '/api/auth/phone-number/verify', { phoneNumber: phone, code: await latestCode(ctx, phone) }, { ip: owner });
    expect(verified.statusCode).toBe(200);
    expect(sessionCookie(verified)).toBeTruthy();
  });
});
