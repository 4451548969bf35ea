import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/telemetry/logger.ts';
import { redactUrl } from '../../src/telemetry/redact.ts';
import { captureLog } from './log-capture.ts';

/** A pino logger with the API's options, writing into a capture. */
function logger() {
  const log = captureLog();
  // Fastify builds pino from these options, as app.ts does.
  return { log, pino: Fastify({ logger: loggerOptions({ level: 'info', destination: log.destination }) }).log };
}

describe('log redaction', () => {
  it('hides secrets and personal data in the objects other code logs', () => {
    const { log, pino: logLine } = logger();
    // The dev transport's and the outbox worker's shapes (apps/api/src/outbox), better-auth's arguments, headers.
    logLine.info(
      { outbox: { id: 'm1', channel: 'sms', to: '+919876543210', kind: 'otp', text: '482913 is your code', url: 'http://x/verify?token=t0k3n' } },
      'outbox: sent',
    );
    logLine.info({ args: [{ email: 'asha@example.com', url: 'http://localhost:3000/api/auth/magic-link/verify?token=s3cr3t', code: '771204' }] }, 'auth: sent');
    logLine.info(
      {
        req: {
          method: 'GET',
          url: '/api/auth/reset-password/abcdef123?callbackURL=/x',
          headers: { authorization: 'Bearer eyJhb', cookie: 'auth_token=c00k1e' },
        },
      },
      'request',
    );
    logLine.info({ res: { headers: { 'set-cookie': 'auth_token=c00k1e; Path=/' } } }, 'response');
    logLine.info({ phoneNumber: '+919876543210', email: 'asha@example.com', password: 'hunter22', token: 'tok' }, 'top level');
    logLine.info({ message: { recipient: 'asha@example.com', bodyText: 'Sign in: http://x?token=abc', bodyHtml: '<a>' } }, 'nested');

    for (const secret of [
      '9876543210',
      'asha@example.com',
      '482913',
      't0k3n',
      's3cr3t',
      '771204',
      'abcdef123',
      'eyJhb',
      'c00k1e',
      'hunter22',
      '"tok"',
      'http://x?token=abc',
    ]) {
      expect(log.text, secret).not.toContain(secret);
    }
    // What is not secret stays readable.
    const [sent] = log.lines;
    expect(sent).toMatchObject({ msg: 'outbox: sent', outbox: { id: 'm1', channel: 'sms', kind: 'otp', to: '[redacted]' } });
    expect(log.lines[2]?.req).toEqual({ method: 'GET', url: '/api/auth/reset-password/[redacted]?callbackURL=[redacted]' });
  });

  it('keeps error codes and messages', () => {
    const { log, pino: logLine } = logger();
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    logLine.error({ err: error }, 'request failed');
    expect(log.lines[0]?.err).toMatchObject({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' });
  });

  it.each([
    ['/api/auth/magic-link/verify?token=abc.def&callbackURL=%2Fmy-account', '/api/auth/magic-link/verify?token=[redacted]&callbackURL=[redacted]'],
    ['/api/auth/reset-password/Zx81?callbackURL=/reset', '/api/auth/reset-password/[redacted]?callbackURL=[redacted]'],
    ['/api/auth/verify-email?token=e.y.j&callbackURL=/', '/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]'],
    ['/api/auth/callback/google?code=4%2F0Ab&state=xyz', '/api/auth/callback/google?code=[redacted]&state=[redacted]'],
    ['/api/admin/orders?q=asha%40example.com&page=2', '/api/admin/orders?q=[redacted]&page=2'],
    ['/api/admin/orders?q=9876543210', '/api/admin/orders?q=[redacted]'],
    ['/api/admin/orders?q=%2B91%2098765', '/api/admin/orders?q=[redacted]'],
    ['/api/products?page=2&sort=price&q=brass%20lamp', '/api/products?page=2&sort=price&q=brass%20lamp'],
    ['/api/product/brass-lamp', '/api/product/brass-lamp'],
    ['/api/x?bad=%E0%A4%A', '/api/x?bad=%E0%A4%A'],
  ])('redacts the URL %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('log format', () => {
  it('writes readable lines when asked (LOG_FORMAT=pretty, or a terminal), redacted all the same', () => {
    const log = captureLog();
    const app = Fastify({ logger: loggerOptions({ level: 'info', format: 'pretty', destination: log.destination }) });
    app.log.info({ outbox: { to: '+919876543210' }, reqId: 'r-1' }, 'request completed');
    expect(log.text).toMatch(/INFO.*request completed/);
    expect(log.text).not.toMatch(/^\{/);
    expect(log.text).not.toContain('9876543210');
  });

  it('writes JSON lines otherwise', () => {
    const log = captureLog();
    const app = Fastify({ logger: loggerOptions({ level: 'info', format: 'auto', destination: log.destination }) });
    app.log.info('hello');
    expect(log.lines[0]).toMatchObject({ level: 30, msg: 'hello' });
  });
});
