import { outbox } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessage, type OutboxMessageInput } from '../../src/outbox/enqueue.ts';
import { REDACTED_BODY } from '../../src/outbox/redaction.ts';
import { DEFAULT_SMS_TEMPLATE } from '../../src/outbox/sms-template.ts';
import { createDevTransport } from '../../src/outbox/transports/dev.ts';
import { createSmsGatewayTransport } from '../../src/outbox/transports/sms-gateway.ts';
import { createSmtpTransport } from '../../src/outbox/transports/smtp.ts';
import type { Transport } from '../../src/outbox/transports/transport.ts';
import { createOutboxWorker, defaultTiming, type OutboxWorker, type OutboxWorkerTiming } from '../../src/outbox/worker.ts';
import { createTestContext, engines, type TestContext } from '../helpers.ts';
import { eventually, type LocalSmsGateway, type LocalSmtpServer, startSmsGateway, startSmtpServer } from './local-servers.ts';

interface LogLine {
  level: 'info' | 'warn' | 'error';
  object: object;
  message: string;
}

const otpSms = (phone: string, code = '123456'): OutboxMessageInput => ({
  channel: 'sms',
  recipient: phone,
  kind: 'otp',
  text: `${code} is your Kaarigar Gifts sign-in code.`,
});

const resetMail = (to: string): OutboxMessageInput => ({
  channel: 'email',
  recipient: to,
  kind: 'password-reset',
  subject: 'Reset your Kaarigar Gifts password',
  text: 'Set a new password: http://localhost:3000/reset-password?token=secret-token',
  html: '<a href="http://localhost:3000/reset-password?token=secret-token">Set a new password</a>',
});

describe.each(engines)('outbox worker on %s', (engine) => {
  let ctx: TestContext;
  let smtp: LocalSmtpServer;
  let gateway: LocalSmsGateway;
  let real: Record<'email' | 'sms', Transport>;
  const logs: LogLine[] = [];
  const log = {
    info: (object: object, message: string) => logs.push({ level: 'info', object, message }),
    warn: (object: object, message: string) => logs.push({ level: 'warn', object, message }),
    error: (object: object, message: string) => logs.push({ level: 'error', object, message }),
  };
  const workers: OutboxWorker[] = [];
  const worker = (transports: Record<'email' | 'sms', Transport>, timing: Partial<OutboxWorkerTiming> = {}) => {
    const created = createOutboxWorker({ db: ctx.handle.db, transports, log, timing: { backoffMs: () => 0, ...timing } });
    workers.push(created);
    return created;
  };
  const row = async (id: string) => (await ctx.handle.db.select().from(outbox).where(eq(outbox.id, id)))[0];

  beforeAll(async () => {
    ctx = await createTestContext(engine, {}, { fixtures: false });
    // This file drives its own workers; the app's would compete for the rows.
    await ctx.app.outbox.worker.stop();
    smtp = await startSmtpServer();
    gateway = await startSmsGateway();
    real = {
      email: createSmtpTransport({ url: smtp.url, from: 'Kaarigar Gifts <no-reply@shop.example>' }),
      sms: createSmsGatewayTransport({ url: gateway.url, key: 'gw-key', template: DEFAULT_SMS_TEMPLATE }),
    };
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((created) => created.stop()));
    gateway.failNext(0);
    gateway.delay(0);
    smtp.failNext(0);
    logs.length = 0;
    await ctx.handle.db.delete(outbox);
  });

  afterAll(async () => {
    await real.email.close?.();
    await smtp.close();
    await gateway.close();
    await ctx.close();
  });

  it('sends mail and SMS through real transports, marks them sent and redacts the secrets', async () => {
    const mailId = await enqueueMessage(ctx.handle.db, resetMail('asha@example.com'));
    const smsId = await enqueueMessage(ctx.handle.db, otpSms('+919876543210', '654321'));
    const noticeId = await enqueueMessage(ctx.handle.db, {
      channel: 'sms',
      recipient: '+919876543210',
      kind: 'order-shipped',
      text: 'Your order is on its way.',
    });
    expect((await row(mailId))?.status).toBe('pending');

    expect(await worker(real).runOnce()).toBe(3);

    expect(smtp.received.at(-1)?.mail.subject).toBe('Reset your Kaarigar Gifts password');
    expect(smtp.received.at(-1)?.mail.text).toContain('token=secret-token');
    expect(gateway.requests.map((request) => request.body)).toEqual(
      expect.arrayContaining([
        { to: '+919876543210', message: '654321 is your Kaarigar Gifts sign-in code.' },
        { to: '+919876543210', message: 'Your order is on its way.' },
      ]),
    );
    const mail = await row(mailId);
    expect(mail).toMatchObject({ status: 'sent', attempts: 1, bodyText: REDACTED_BODY, bodyHtml: null, lastError: null });
    expect(mail?.sentAt).toBeInstanceOf(Date);
    expect(await row(smsId)).toMatchObject({ status: 'sent', bodyText: REDACTED_BODY });
    // Nothing secret in an order notice: it is kept as sent.
    expect(await row(noticeId)).toMatchObject({ status: 'sent', bodyText: 'Your order is on its way.' });
    expect(await worker(real).runOnce()).toBe(0);
  });

  it('keeps the bodies of what the dev transport "sends", and prints each as one console line (not through the log)', async () => {
    const printed: string[] = [];
    const dev = createDevTransport((line) => printed.push(line));
    const logged = logs.length;
    const id = await enqueueMessage(ctx.handle.db, otpSms('+919812345678', '111222'));
    await worker({ email: dev, sms: dev }).runOnce();
    expect(await row(id)).toMatchObject({ status: 'sent', bodyText: '111222 is your Kaarigar Gifts sign-in code.' });
    expect(printed).toEqual(['SMS to +91 98123 45678: 111222 is your Kaarigar Gifts sign-in code.']);
    expect(logs.slice(logged)).toEqual([]);
  });

  it('retries a failed send after the backoff, then marks it sent', async () => {
    gateway.failNext(2);
    const id = await enqueueMessage(ctx.handle.db, otpSms('+919800000001'));
    // Minutes of backoff, so the clock on a busy machine cannot blur it; the test then makes the row due itself.
    const sender = worker(real, { backoffMs: (attempts) => attempts * 60_000 });
    const secondsUntilDue = async () => ((await row(id))?.nextAttemptAt.getTime() ?? 0) / 1000 - Date.now() / 1000;
    const makeDue = () =>
      ctx.handle.db
        .update(outbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(outbox.id, id));

    expect(await sender.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMS gateway answered 503: {"error":"gateway busy"}' });
    expect(await secondsUntilDue()).toBeGreaterThan(50);
    expect(await secondsUntilDue()).toBeLessThanOrEqual(61);
    // Not due yet: nothing to claim.
    expect(await sender.runOnce()).toBe(0);

    await makeDue();
    expect(await sender.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 2 });
    // The second wait is longer: the backoff grows with the attempts.
    expect(await secondsUntilDue()).toBeGreaterThan(110);

    await makeDue();
    expect(await sender.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null, bodyText: REDACTED_BODY });
    expect(gateway.requests.filter((request) => (request.body as { to: string }).to === '+919800000001')).toHaveLength(1);
    const warnings = logs.filter((line) => line.level === 'warn');
    expect(warnings).toHaveLength(2);
    // The log says which message and what kind of failure; the gateway's answer (which may quote the text) stays in
    // last_error, and neither the number nor the code is logged.
    expect(warnings[0]?.object).toEqual({ outbox: { id, channel: 'sms', kind: 'otp', status: 'pending', attempts: 1 }, reason: 'SMS gateway answered 503' });
    expect(JSON.stringify(warnings)).not.toMatch(/9800000001|gateway busy|sign-in code/);
  });

  it('the default backoff doubles from about 5 seconds', () => {
    const waits = [1, 2, 3, 4].map((attempts) => defaultTiming.backoffMs(attempts));
    expect(waits[0]).toBeGreaterThanOrEqual(4_000);
    expect(waits[0]).toBeLessThanOrEqual(6_000);
    expect(waits[3]).toBeGreaterThanOrEqual(32_000);
    expect(waits[3]).toBeLessThanOrEqual(48_000);
  });

  it('gives up after the last attempt, keeps the reason and drops the secret', async () => {
    smtp.failNext(10);
    const id = await enqueueMessage(ctx.handle.db, resetMail('ravi@example.com'));
    const sender = worker(real, { maxAttempts: 3 });
    for (let attempt = 1; attempt <= 3; attempt++) expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);
    const state = await row(id);
    expect(state).toMatchObject({ status: 'failed', attempts: 3, bodyText: REDACTED_BODY, bodyHtml: null });
    expect(state?.lastError).toMatch(/^SMTP: .*451/);
    expect(logs.filter((line) => line.level === 'error').map((line) => line.message)).toEqual(['outbox: giving up on a message']);
  });

  it('takes back a row whose sender died mid-send once its lease runs out, and gives up on one on its last attempt', async () => {
    const orphan = await enqueueMessage(ctx.handle.db, otpSms('+919800000002'));
    const lastTry = await enqueueMessage(ctx.handle.db, otpSms('+919800000003'));
    await ctx.handle.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, orphan));
    await ctx.handle.db
      .update(outbox)
      .set({ status: 'sending', attempts: 5, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, lastTry));
    expect(await worker(real, { maxAttempts: 5 }).runOnce()).toBe(1);
    expect(await row(orphan)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row(lastTry)).toMatchObject({ status: 'failed', lastError: 'abandoned while sending on the last attempt' });
    expect(gateway.requests.some((request) => (request.body as { to: string }).to === '+919800000003')).toBe(false);
  });

  it('leaves a row claimed by a live sender alone until its lease ends', async () => {
    const id = await enqueueMessage(ctx.handle.db, otpSms('+919800000004'));
    await ctx.handle.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(outbox.id, id));
    expect(await worker(real).runOnce()).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('two workers on one database never send a message twice', async () => {
    gateway.delay(5);
    const count = 60;
    const phones = Array.from({ length: count }, (_, index) => `+91970000${String(index).padStart(4, '0')}`);
    const before = gateway.requests.length;
    await Promise.all(phones.map((phone) => enqueueMessage(ctx.handle.db, otpSms(phone))));
    const timing = { pollMs: 5, batchSize: 4 };
    const first = worker(real, timing);
    const second = worker(real, timing);
    first.start();
    second.start();
    await eventually(async () => {
      const [{ sent }] = rowsOfCount(await ctx.handle.db.execute(sql`select count(*)::int as sent from outbox where status = 'sent'`));
      return sent === count;
    }, 20_000);
    const sentTo = gateway.requests.slice(before).map((request) => (request.body as { to: string }).to);
    expect(sentTo).toHaveLength(count);
    expect(new Set(sentTo).size).toBe(count);
    const attempts = await ctx.handle.db.select({ attempts: outbox.attempts }).from(outbox);
    expect(attempts.every((entry) => entry.attempts === 1)).toBe(true);
  });

  it('stop() waits for the batch in hand and then sends nothing more', async () => {
    gateway.delay(200);
    await enqueueMessage(ctx.handle.db, otpSms('+919800000005'));
    const sender = worker(real, { pollMs: 10 });
    const before = gateway.requests.length;
    sender.start();
    await eventually(async () => (await ctx.handle.db.select().from(outbox).where(eq(outbox.status, 'sending'))).length === 1);
    await sender.stop();
    expect(gateway.requests.length).toBe(before + 1);
    await enqueueMessage(ctx.handle.db, otpSms('+919800000006'));
    sender.wake();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(gateway.requests.length).toBe(before + 1);
  });
});

function rowsOfCount(result: unknown): [{ sent: number }] {
  return ((result as { rows?: unknown[] }).rows ?? result) as [{ sent: number }];
}
