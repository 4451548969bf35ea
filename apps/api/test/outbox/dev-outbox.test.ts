import { outbox } from '@shop/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestContext, engines, expectRefusal, type TestContext } from '../helpers.ts';
import { eventually } from './local-servers.ts';

describe.each(engines)('GET /api/dev/outbox (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine, {}, { fixtures: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists the latest messages, newest first, with the body the dev transport kept', async () => {
    const { enqueue } = ctx.app.outbox;
    const older = await enqueue({ channel: 'sms', recipient: '+919876500001', kind: 'otp', text: '111111 is your code' });
    // Distinct creation times, whatever the clock's resolution.
    await ctx.handle.db.update(outbox).set({ createdAt: sql`now() - interval '1 minute'` });
    const newer = await enqueue({
      channel: 'email',
      recipient: 'Asha@Example.com',
      kind: 'magic-link',
      subject: 'Your sign-in link',
      text: 'Sign in: http://x/y',
    });
    // The app's own worker (dev transport) sends them; the bodies stay.
    await eventually(async () => (await ctx.handle.db.select().from(outbox)).every((row) => row.status === 'sent'));

    const response = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      data: [
        {
          _id: newer,
          channel: 'email',
          recipient: 'Asha@Example.com',
          kind: 'magic-link',
          subject: 'Your sign-in link',
          bodyText: 'Sign in: http://x/y',
          createdAt: expect.any(String),
          status: 'sent',
        },
        {
          _id: older,
          channel: 'sms',
          recipient: '+919876500001',
          kind: 'otp',
          subject: null,
          bodyText: '111111 is your code',
          createdAt: expect.any(String),
          status: 'sent',
        },
      ],
    });
  });

  it('filters by recipient (email in any case; a number however the query string mangled its "+")', async () => {
    const ids = async (query: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?${query}` })).json().data.map((message: { recipient: string }) => message.recipient);
    expect(await ids('to=asha%40example.com')).toEqual(['Asha@Example.com']);
    expect(await ids('to=%2B919876500001')).toEqual(['+919876500001']);
    expect(await ids('to=+919876500001')).toEqual(['+919876500001']);
    expect(await ids('to=9876500001')).toEqual(['+919876500001']);
    expect(await ids('to=nobody%40example.com')).toEqual([]);
  });

  it('honours limit and refuses a bad one', async () => {
    for (let index = 0; index < 3; index++) await ctx.app.outbox.enqueue({ channel: 'sms', recipient: '+919876500002', kind: 'otp', text: `code ${index}` });
    const limited = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=2' });
    expect(limited.json().data).toHaveLength(2);
    for (const limit of ['0', '101', 'ten']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?limit=${limit}` });
      expectRefusal(response, 400, 'validation_failed', { limit: 'invalid_value' });
      expect(Object.keys(response.json().errors)).toEqual(['limit']);
    }
  });

  /** An API process as `npm start` or a deployment would build it (its worker idle: this file's app sends). */
  const appWith = (config: { nodeEnv: 'production' | 'development'; smtpUrl?: string; smsGatewayUrl?: string }) =>
    buildApp({
      config: { mediaDir: ctx.mediaDir, redisUrl: undefined, trustProxy: false, logLevel: 'silent', authSecret: 'p'.repeat(40), ...config },
      db: ctx.handle,
      logger: false,
      outboxWorker: false,
    });

  it('is served under NODE_ENV=production while no gateway is set (npm start), where a newcomer needs it', async () => {
    const production = await appWith({ nodeEnv: 'production' });
    await production.ready();
    const response = await production.inject({ method: 'GET', url: '/api/dev/outbox?limit=1' });
    await production.close();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(1);
  });

  it.each([
    ['SMTP_URL', { smtpUrl: 'smtp://127.0.0.1:2525' }],
    ['SMS_GATEWAY_URL', { smsGatewayUrl: 'http://127.0.0.1:9/sms' }],
    ['both gateways', { smtpUrl: 'smtp://127.0.0.1:2525', smsGatewayUrl: 'http://127.0.0.1:9/sms' }],
  ])('is never served once %s is set (404), in production or not', async (_name, gateways) => {
    for (const nodeEnv of ['production', 'development'] as const) {
      const app = await appWith({ nodeEnv, ...gateways });
      await app.ready();
      const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
      await app.close();
      expect(expectRefusal(response, 404, 'not_found')).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });
});
