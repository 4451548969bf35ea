import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers.ts';
import { captureLog, type LogLine, loggingApp, SITE } from '../ops/log-capture.ts';
import { freshEmail, freshIp, post } from './auth-helpers.ts';

/**
 * better-auth's log lines about a client's own mistake (auth-log.ts): a callback URL that is not the shop's, an OAuth
 * callback without a state or with a forged one, a provider the shop does not offer. They were written at error level
 * (50) with the client's value in full (5,000 characters of callbackURL); they are warnings, their values cut short.
 */
describe('auth log lines of client mistakes', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const log = captureLog();

  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { fixtures: false });
    app = await loggingApp(ctx, log);
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
  });

  const authLines = () => log.lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('auth: '));
  const longest = (line: LogLine) =>
    Math.max(
      ...JSON.stringify(line)
        .match(/"(?:[^"\\]|\\.)*"/g)!
        .map((text) => text.length),
    );

  it('logs them as warnings with values of at most 200 characters', async () => {
    log.clear();
    const attacker = `https://evil.example/${'x'.repeat(5_000)}`;
    const magic = await post(app, '/api/auth/sign-in/magic-link', { email: freshEmail(), callbackURL: attacker }, { ip: freshIp() });
    expect(magic.statusCode).toBe(403);
    const noState = await app.inject({ method: 'GET', url: `/api/auth/callback/google?error=${'e'.repeat(5_000)}`, headers: { origin: SITE } });
    expect(noState.statusCode).toBe(302);
    const forged = await app.inject({ method: 'GET', url: `/api/auth/callback/google?code=abc&state=${'s'.repeat(300)}`, headers: { origin: SITE } });
    expect(forged.statusCode).toBe(302);
    const social = await post(app, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/my-account' }, { ip: freshIp() });
    expect(social.statusCode).toBeGreaterThanOrEqual(400);
    expect(social.statusCode).toBeLessThan(500);

    const lines = authLines();
    const messages = lines.map((line) => String(line.msg));
    for (const start of [
      'auth: Invalid callbackURL: https://evil.example/xxx',
      'auth: State not found',
      'auth: Failed to parse state',
      'auth: Provider not found',
    ]) {
      const line = lines.find((candidate) => String(candidate.msg).startsWith(start));
      expect(line, `${start} in ${JSON.stringify(messages)}`).toBeDefined();
      expect(line?.level, start).toBe(40);
      expect(longest(line!), start).toBeLessThan(260);
    }
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(log.text).not.toContain('x'.repeat(300));
  });
});
