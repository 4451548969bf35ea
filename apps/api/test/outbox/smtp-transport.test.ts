import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../../src/outbox/transports/smtp.ts';
import { TransportError } from '../../src/outbox/transports/transport.ts';
import { type LocalSmtpServer, startSmtpServer } from './local-servers.ts';

const message = {
  id: '6f1c1d1e-0000-4000-8000-000000000001',
  channel: 'email' as const,
  recipient: 'asha@example.com',
  kind: 'verify-email',
  subject: 'Confirm your email for Kaarigar Gifts',
  text: 'Confirm that asha@example.com is your email address.\n\nConfirm email: http://localhost:3000/api/auth/verify-email?token=abc',
  html: '<p>Confirm that asha@example.com is your email address.</p>',
};

describe('SMTP transport (nodemailer to a real SMTP server on loopback)', () => {
  let server: LocalSmtpServer;
  beforeAll(async () => {
    server = await startSmtpServer({ user: 'shop', password: 's3cret pass' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('delivers the mail with its sender, recipient, subject, text and html, signing in with the URL credentials', async () => {
    const transport = createSmtpTransport({ url: server.url, from: 'Kaarigar Gifts <no-reply@shop.example>' });
    expect(transport).toMatchObject({ name: 'smtp', real: true });
    await transport.send(message);
    await transport.close?.();

    expect(server.received).toHaveLength(1);
    const [{ envelope, user, mail }] = server.received as [(typeof server.received)[number]];
    expect(user).toBe('shop');
    expect(envelope).toEqual({ from: 'no-reply@shop.example', to: ['asha@example.com'] });
    expect(mail.subject).toBe(message.subject);
    expect(mail.from?.value).toEqual([{ name: 'Kaarigar Gifts', address: 'no-reply@shop.example' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((to) => to.address) : []).toEqual(['asha@example.com']);
    expect(mail.text?.trim()).toBe(message.text);
    expect(mail.html).toContain('<p>Confirm that asha@example.com is your email address.</p>');
    expect(mail.messageId).toBe(`<${message.id}@outbox.kaarigar>`);
  });

  it('sends text only when the message has no html part, and non-ASCII text intact', async () => {
    const transport = createSmtpTransport({ url: server.url, from: 'no-reply@shop.example' });
    const before = server.received.length;
    await transport.send({ ...message, html: null, subject: 'आपका कोड', text: 'कोड 123456 — ₹499' });
    await transport.close?.();
    const { mail } = server.received[before] as (typeof server.received)[number];
    expect(mail.subject).toBe('आपका कोड');
    expect(mail.text?.trim()).toBe('कोड 123456 — ₹499');
    expect(mail.html).toBe(false);
  });

  it('fails with a short reason when the server refuses the mail', async () => {
    const transport = createSmtpTransport({ url: server.url, from: 'no-reply@shop.example' });
    server.failNext(1);
    const failure = await transport.send(message).catch((error: unknown) => error);
    await transport.close?.();
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as Error).message).toMatch(/^SMTP: .*451/);
  });

  it('fails when the credentials are wrong, without repeating them', async () => {
    const url = server.url.replace('s3cret%20pass', 'wrong');
    const transport = createSmtpTransport({ url, from: 'no-reply@shop.example' });
    const failure = await transport.send(message).catch((error: unknown) => error);
    await transport.close?.();
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as Error).message).toMatch(/^SMTP: EAUTH/);
    expect((failure as Error).message).not.toContain('wrong');
  });

  it('fails when nothing listens at the address', async () => {
    const closed = await startSmtpServer();
    const url = closed.url;
    await closed.close();
    const transport = createSmtpTransport({ url, from: 'no-reply@shop.example', timeoutMs: 2_000 });
    const failure = await transport.send(message).catch((error: unknown) => error);
    await transport.close?.();
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as Error).message).toMatch(/^SMTP: (ECONNECTION|ESOCKET)/);
  });
});
