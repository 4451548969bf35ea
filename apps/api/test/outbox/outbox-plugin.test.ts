import { Writable } from 'node:stream';
import { outbox } from '@shop/db';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  /** The plugin alone on a Fastify instance whose JSON log (every level) is collected, with stdout captured. */
  async function pluginApp(settings: Record<string, unknown>) {
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        logged.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    });
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    const app = Fastify({ logger: { level: 'trace', stream } });
    await app.register(outboxPlugin, { db: ctx.handle.db, settings, worker: { pollMs: 50, backoffMs: () => 0 } });
    await app.ready();
    return {
      app,
      logged,
      printed,
      async close() {
        await app.close();
        write.mockRestore();
      },
    };
  }

  const signInSms = (recipient: string, code: string) => ({
    channel: 'sms' as const,
    recipient,
    kind: 'otp',
    text: `${code} is your Kaarigar Gifts sign-in code`,
  });
  const magicLink = (recipient: string, token: string) => ({
    channel: 'email' as const,
    recipient,
    kind: 'magic-link',
    subject: 'Your sign-in link for Kaarigar Gifts',
    text: `Use this link to sign in.\n\nSign in: http://localhost:3000/signin/email-link?next=%2F#token=${token}\n\nKaarigar Gifts`,
  });

  it('with no gateway, prints each message as one readable console line (not in the JSON log) and says where to look', async () => {
    const shop = await pluginApp({ production: true, siteUrl: 'http://localhost:3000' });
    try {
      await shop.app.outbox.enqueue(signInSms('+919876543210', '616161'));
      await shop.app.outbox.enqueue(magicLink('asha@example.com', 'tok-dev-1'));
      await eventually(() => shop.printed.length >= 4, 3_000);
    } finally {
      await shop.close();
    }
    // (Earlier tests' rows, left pending for the workers they stopped, are printed too.)
    expect(shop.printed.every((line) => /^[^\n]+\n$/.test(line))).toBe(true);
    expect(shop.printed[0]).toBe(
      'No SMS or mail gateway is set (SMS_GATEWAY_URL, SMTP_URL): codes and links are printed here ("SMS to …", "Mail to …") and listed at http://localhost:3000/dev/outbox\n',
    );
    expect(shop.printed.slice(1)).toEqual(
      expect.arrayContaining([
        'SMS to +91 98765 43210: 616161 is your Kaarigar Gifts sign-in code\n',
        'Mail to asha@example.com: Your sign-in link for Kaarigar Gifts — http://localhost:3000/signin/email-link?next=%2F#token=tok-dev-1\n',
      ]),
    );
    expect(shop.app.outbox.devOutbox).toBe(true);
    expect(shop.logged.join('\n')).not.toMatch(/616161|tok-dev-1|9876543210|asha@example\.com/);
  });

  it('with real gateways, logs and prints no code, link, number, address or text, even when a send fails', async () => {
    gateway.failNext(1);
    smtp.failNext(1);
    const shop = await pluginApp({ production: true, smtpUrl: smtp.url, smsGatewayUrl: gateway.url });
    try {
      await shop.app.outbox.enqueue(signInSms('+919876512348', '717171'));
      await shop.app.outbox.enqueue(magicLink('meera.secret@example.com', 'tok-real-1'));
      await eventually(() => gateway.requests.some((request) => (request.body as { to: string }).to === '+919876512348'), 5_000);
      await eventually(() => smtp.received.some((entry) => entry.envelope.to.includes('meera.secret@example.com')), 5_000);
    } finally {
      await shop.close();
    }
    expect(shop.app.outbox.devOutbox).toBe(false);
    expect(shop.printed).toEqual([]);
    const log = shop.logged.join('\n');
    // The failures were logged (id, channel, kind, status), the rest of each message was not.
    expect(log).toMatch(/"kind":"otp","status":"pending"/);
    expect(log).toMatch(/"kind":"magic-link","status":"pending"/);
    expect(log).not.toMatch(/717171|tok-real-1|magic-link\/verify|9876512348|98765 12348|meera\.secret|sign-in code|gateway busy/);
  });

  it('with one gateway only, sends nothing on the other channel and prints nothing', async () => {
    const shop = await pluginApp({ smtpUrl: smtp.url });
    let id = '';
    try {
      id = await shop.app.outbox.enqueue(signInSms('+919876512349', '818181'));
      await eventually(async () => (await ctx.handle.db.select().from(outbox).where(eq(outbox.id, id)))[0]?.lastError === 'SMS_GATEWAY_URL is not set', 3_000);
    } finally {
      await shop.close();
    }
    expect(shop.printed).toEqual([]);
    expect(shop.logged.join('\n')).toMatch(/SMS_GATEWAY_URL is not set: SMS is not sent/);
    expect(shop.logged.join('\n')).not.toMatch(/818181|9876512349/);
    expect(gateway.requests.some((request) => (request.body as { to: string }).to === '+919876512349')).toBe(false);
  });
});
