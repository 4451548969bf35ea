import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, freshIp, freshPhone, post, sessionCookie } from '../auth/auth-helpers.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { eventually, type LocalSmsGateway, type LocalSmtpServer, startSmsGateway, startSmtpServer } from '../outbox/local-servers.ts';
import { captureLog, loggingApp, SITE } from './log-capture.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Issue 19, finding 9: magic-link URLs with tokens, one-time codes, phone numbers, e-mail addresses and message bodies
 * were logged; every request was two lines and every health poll too; request ids were per-process counters and no
 * x-request-id went in or out. The app here has real gateways (an SMTP server and an SMS gateway on loopback) and its
 * outbox worker running, as in production, and logs into a capture at info.
 */
describe('logs', () => {
  let ctx: TestContext;
  let smtp: LocalSmtpServer;
  let gateway: LocalSmsGateway;
  let app: FastifyInstance;
  const log = captureLog();

  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { fixtures: false });
    smtp = await startSmtpServer();
    gateway = await startSmsGateway();
    app = await loggingApp(ctx, log, {
      config: { smtpUrl: smtp.url, smsGatewayUrl: gateway.url, smsGatewayKey: 'gateway-key-do-not-log' },
      outboxWorker: { pollMs: 50 },
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await gateway?.close();
    await ctx?.close();
  });

  it('never writes a token, code, phone number, e-mail address, cookie or message body during sign-ins', async () => {
    log.clear();
    const secrets: string[] = [];
    let requests = 0;
    const call = async (...args: Parameters<typeof post>) => {
      requests++;
      return post(...args);
    };

    // A magic-link sign-in, followed from the mail the SMTP server received.
    const email = freshEmail();
    secrets.push(email, email.split('@')[0] as string);
    expect((await call(app, '/api/auth/sign-in/magic-link', { email, callbackURL: '/my-account' }, { ip: freshIp() })).statusCode).toBe(200);
    await eventually(() => smtp.received.some((mail) => mail.envelope.to.includes(email)));
    const mail = smtp.received.find((received) => received.envelope.to.includes(email));
    const link = new URL(/(https?:\/\/\S+)/.exec(mail?.mail.text ?? '')?.[1] as string);
    const token = new URLSearchParams(link.hash.slice(1)).get('token') as string;
    secrets.push(token, mail?.mail.text?.trim().slice(0, 40) as string);
    // The old form of the link (better-auth's GET endpoint), then the confirm page's POST (decision 145).
    requests++;
    const opened = await app.inject({ method: 'GET', url: `/api/auth/magic-link/verify?token=${token}&callbackURL=%2Fmy-account`, headers: { origin: SITE } });
    expect(opened.statusCode).toBe(302);
    const verified = await call(app, '/api/auth/magic-link/confirm', { token }, { ip: freshIp() });
    expect(verified.statusCode).toBe(200);
    const cookie = sessionCookie(verified) as string;
    expect(cookie).toBeTruthy();
    secrets.push(cookie.split('=')[1] as string);
    requests++;
    const jwt = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie, origin: SITE } });
    expect(jwt.statusCode).toBe(200);
    secrets.push(jwt.json().token);
    requests++;
    const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { authorization: `Bearer ${jwt.json().token}` } });
    expect(session.statusCode).toBe(200);

    // An OTP send and verify, with the code the SMS gateway received.
    const phone = freshPhone();
    secrets.push(phone, phone.slice(3));
    const ip = freshIp();
    expect((await call(app, '/api/auth/phone-number/send-otp', { phoneNumber: phone }, { ip })).statusCode).toBe(200);
    await eventually(() => gateway.requests.some((request) => JSON.stringify(request.body).includes(phone)));
    const sms = gateway.requests.find((request) => JSON.stringify(request.body).includes(phone));
    const code = /(\d{6}) is your/.exec(JSON.stringify(sms?.body))?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    secrets.push(code, 'gateway-key-do-not-log');
    const otp = await call(app, '/api/auth/phone-number/verify', { phoneNumber: phone, code }, { ip });
    expect(otp.statusCode).toBe(200);
    secrets.push((sessionCookie(otp) as string).split('=')[1] as string);
    // A wrong code for another number, whose refusal is logged too.
    const other = freshPhone();
    secrets.push(other, other.slice(3));
    await call(app, '/api/auth/phone-number/verify', { phoneNumber: other, code: '000000' }, { ip });

    const text = log.text;
    for (const secret of secrets) expect(text, `the log holds ${secret}`).not.toContain(secret);
    expect(text).not.toMatch(/auth_token=/);
    // Every request still has its line, with the path but not the token.
    const lines = log.lines.filter((line) => line.msg === 'request completed');
    expect(lines).toHaveLength(requests);
    expect(lines.map((line) => line.url)).toContain('/api/auth/magic-link/verify?token=[redacted]&callbackURL=[redacted]');
    expect(lines.map((line) => line.url)).toContain('/api/auth/magic-link/confirm');
  });

  it('writes one line per request, with method, redacted URL, status, duration and request id', async () => {
    log.clear();
    const response = await app.inject({ method: 'GET', url: '/api/products?page=1&email=asha%40example.com' });
    const lines = log.lines;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: response.headers['x-request-id'],
      method: 'GET',
      url: '/api/products?page=1&email=[redacted]',
      statusCode: response.statusCode,
    });
    expect(lines[0]?.responseTime).toEqual(expect.any(Number));
    expect(log.text).not.toContain('incoming request');
  });

  it('does not log health probes', async () => {
    log.clear();
    for (const url of ['/api/health', '/api/health/live', '/api/health/ready']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect(log.lines).toEqual([]);
  });

  it("answers every request with an x-request-id: the caller's when sane, else a fresh UUID", async () => {
    log.clear();
    const given = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'web-7f3a.1_b' } });
    expect(given.headers['x-request-id']).toBe('web-7f3a.1_b');

    const none = await app.inject({ method: 'GET', url: '/api/health/live' });
    const again = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(none.headers['x-request-id']).toMatch(UUID);
    expect(again.headers['x-request-id']).toMatch(UUID);
    expect(again.headers['x-request-id']).not.toBe(none.headers['x-request-id']);

    for (const bad of ['a'.repeat(129), 'two words', 'x\u0000y', '"><script>', '']) {
      const response = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': bad } });
      expect(response.headers['x-request-id'], JSON.stringify(bad)).toMatch(UUID);
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'a'.repeat(128) } })).headers['x-request-id']).toBe(
      'a'.repeat(128),
    );

    // Refusals and unknown routes carry it too, and the log line names the same id.
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'x-request-id': 'trace-me-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('trace-me-404');
    expect(log.lines.find((line) => line.url === '/api/no-such-thing')?.reqId).toBe('trace-me-404');
  });
});
