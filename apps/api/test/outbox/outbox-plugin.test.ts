import { Writable } from 'node:stream';
import { outbox } from '@shop/db';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { REDACTED_BODY } from '../../src/outbox/redaction.ts';
import { outboxPlugin } from '../../src/plugins/outbox.ts';
import { createTestContext, engines, type TestContext } from '../helpers.ts';
import { eventually, type LocalSmsGateway, type LocalSmtpServer, startSmsGateway, startSmtpServer } from './local-servers.ts';

describe.each(engines)('app.outbox (%s)', (engine) => {
  let ctx: TestContext;
  let smtp: LocalSmtpServer;
  let gateway: LocalSmsGateway;
  beforeAll(async () => {
    ctx = await createTestContext(engine, {}, { fixtures: false });
    await ctx.app.outbox.worker.stop();
    smtp = await startSmtpServer();
    gateway = await startSmsGateway();
  });
  afterAll(async () => {
    await smtp.close();
    await gateway.close();
    await ctx?.close();
  });

  /** An API process configured with the real transports; its worker polls only once a minute. */
  const realApp = (pollMs = 60_000) =>
    buildApp({
      config: {
        mediaDir: ctx.mediaDir,
        redisUrl: undefined,
        trustProxy: false,
        logLevel: 'silent',
        smtpUrl: smtp.url,
        mailFrom: 'Kaarigar Gifts <orders@shop.example>',
        smsGatewayUrl: gateway.url,
        smsGatewayKey: 'gw-secret',
      },
      db: ctx.handle,
      logger: false,
      outboxWorker: { pollMs },
    });

  it('sends at once after an enqueue in the same process (no wait for the next poll)', async () => {
    const app = await realApp();
    await app.ready();
    // The first poll runs on start; let it pass, so only a wake-up can send what comes next.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const id = await app.outbox.enqueue({
      channel: 'email',
      recipient: 'meera@example.com',
      kind: 'verify-email',
      subject: 'Confirm your email for Kaarigar Gifts',
      text: 'Confirm email: http://localhost:3000/verify?token=t',
      html: '<a href="http://localhost:3000/verify?token=t">Confirm email</a>',
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(() => smtp.received.some((entry) => entry.envelope.to.includes('meera@example.com')), 3_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    const received = smtp.received.find((entry) => entry.envelope.to.includes('meera@example.com'));
    expect(received?.mail.from?.text).toBe('"Kaarigar Gifts" <orders@shop.example>');
    await eventually(async () => (await ctx.handle.db.select().from(outbox).where(eq(outbox.id, id)))[0]?.status === 'sent');
    expect((await ctx.handle.db.select().from(outbox).where(eq(outbox.id, id)))[0]).toMatchObject({ bodyText: REDACTED_BODY, bodyHtml: null });

    const sms = await app.outbox.enqueue({ channel: 'sms', recipient: '+919876512345', kind: 'otp', text: '424242 is your code' });
    await eventually(() => gateway.requests.some((request) => (request.body as { to: string }).to === '+919876512345'), 3_000);
    const request = gateway.requests.find((entry) => (entry.body as { to: string }).to === '+919876512345');
    expect(request?.headers.authorization).toBe('Bearer gw-secret');
    expect(request?.body).toEqual({ to: '+919876512345', message: '424242 is your code' });
    await eventually(async () => (await ctx.handle.db.select().from(outbox).where(eq(outbox.id, sms)))[0]?.status === 'sent');
    await app.close();
  });

  it('picks up rows written by another process at the next poll', async () => {
    const app = await realApp(50);
    await app.ready();
    // Written by a process without a worker: only the poll can find it.
    const writer = await buildApp({
      config: { mediaDir: ctx.mediaDir, redisUrl: undefined, trustProxy: false, logLevel: 'silent' },
      db: ctx.handle,
      logger: false,
      outboxWorker: false,
    });
    await writer.ready();
    await writer.outbox.enqueue({ channel: 'sms', recipient: '+919876512346', kind: 'otp', text: '515151 is your code' });
    await eventually(() => gateway.requests.some((request) => (request.body as { to: string }).to === '+919876512346'), 3_000);
    await writer.close();
    await app.close();
  });

  it("writes in the caller's transaction: a rolled-back request leaves no message", async () => {
    const rollback = new Error('rolled back');
    await expect(
      ctx.handle.db.transaction(async (tx) => {
        await ctx.app.outbox.enqueue({ channel: 'sms', recipient: '+919876512399', kind: 'otp', text: 'never sent' }, tx);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const id = await ctx.handle.db.transaction((tx) =>
      ctx.app.outbox.enqueue({ channel: 'sms', recipient: '+919876512399', kind: 'otp', text: 'committed' }, tx),
    );
    const rows = await ctx.handle.db.select().from(outbox).where(eq(outbox.recipient, '+919876512399'));
    expect(rows.map((row) => [row.id, row.bodyText])).toEqual([[id, 'committed']]);
  });

  it('refuses a message without a recipient or with an unknown channel', async () => {
    await expect(ctx.app.outbox.enqueue({ channel: 'sms', recipient: ' ', kind: 'otp', text: 'x' })).rejects.toThrow(/recipient/);
    await expect(ctx.app.outbox.enqueue({ channel: 'fax' as never, recipient: '1', kind: 'otp', text: 'x' })).rejects.toThrow(/channel/);
    await expect(ctx.app.outbox.enqueue({ channel: 'email', recipient: 'a@b.c', kind: 'otp', text: 'x' })).rejects.toThrow(/subject/);
  });

  it('with no SMTP_URL or gateway, prints messages to the server log (and warns about it in production)', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        callback();
      },
    });
    // The plugin alone on a Fastify instance whose logger writes to `stream`.
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.register(outboxPlugin, { db: ctx.handle.db, settings: { production: true }, worker: { pollMs: 60_000 } });
    await app.ready();
    await app.outbox.enqueue({ channel: 'sms', recipient: '+919876512347', kind: 'otp', text: '616161 is your code' });
    await eventually(() => lines.some((line) => line.msg.includes('616161')), 3_000);
    await app.close();
    expect(lines.find((line) => line.msg.includes('616161'))?.msg).toBe('[dev sms] to +919876512347: 616161 is your code');
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'SMTP_URL is not set: mail is not sent, only written to this log',
        'SMS_GATEWAY_URL is not set: SMS is not sent, only written to this log',
      ]),
    );
  });
});
