import { contactSubmissions, newsletterSubscribers, newsletterTokens, outbox } from '@shop/db';
import { REPORT_RATE_LIMIT } from '@shop/domain/contact';
import { NEWSLETTER_RATE_LIMIT } from '@shop/domain/newsletter';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../auth/auth-helpers.ts';
import { settingsFixture } from '../fixtures.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { hashToken } from '../../src/engagement/newsletter/tokens.ts';
import { engagementContext, mailsTo, request, uniqueEmail } from './engagement-helpers.ts';

const valid = { name: 'Asha Verma', contact_number: '9876543210', email: 'asha@example.com', message: 'The lamp arrived broken.' };

/** The token in a mailed link to one of the newsletter pages. */
function tokenIn(text: string, page: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`http://localhost:3000/newsletter/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no ${page} link in: ${text}`);
  return match[1] as string;
}

describe.each(engines)('contact and newsletter on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await engagementContext(engine);
  });
  afterAll(async () => ctx?.close());

  describe('POST /api/report', () => {
    it('stores the message and queues a plain-text notification to the shop, in one go', async () => {
      const email = uniqueEmail('report');
      const response = await request(ctx.app, 'POST', '/api/report', { ...valid, email });
      expect(response.statusCode).toBe(201);
      const [row] = await ctx.handle.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, response.json()._id));
      expect(row).toMatchObject({ name: 'Asha Verma', contactNumber: '9876543210', email, message: 'The lamp arrived broken.', key: null });
      const [mail] = await ctx.handle.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, settingsFixture.contactEmail), eq(outbox.kind, 'contact-message'), sql`${outbox.bodyText} like ${`%${email}%`}`));
      expect(mail?.subject).toBe('Message from Asha Verma');
      expect(mail?.bodyText).toContain('Contact number: 9876543210');
      expect(mail?.bodyText).toContain('The lamp arrived broken.');
      expect(mail?.bodyHtml).toBeNull();
    });

    it('keeps the key of a message sent as "<message>@<key>" (spec §7)', async () => {
      const response = await request(ctx.app, 'POST', '/api/report', { ...valid, message: 'Wrong colour@KG-261123-7K3M9Q', key: 'KG-261123-7K3M9Q' });
      expect(response.statusCode).toBe(201);
      const [row] = await ctx.handle.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, response.json()._id));
      expect(row).toMatchObject({ message: 'Wrong colour@KG-261123-7K3M9Q', key: 'KG-261123-7K3M9Q' });
      const [mail] = await ctx.handle.db
        .select()
        .from(outbox)
        .where(sql`${outbox.subject} = 'Complaint about KG-261123-7K3M9Q from Asha Verma'`);
      expect(mail?.bodyText).toContain('Key: KG-261123-7K3M9Q');
    });

    it('does not file a message under a key it does not end with', async () => {
      const response = await request(ctx.app, 'POST', '/api/report', { ...valid, message: 'mail me at a@b.in', key: 'ORD1' });
      const [row] = await ctx.handle.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, response.json()._id));
      expect(row?.key).toBeNull();
    });

    it.each([
      ['name', undefined, 'contact_name_required', 'name is required'],
      ['contact_number', undefined, 'contact_number_required', 'contact number is required'],
      ['contact_number', '12345', 'contact_number_invalid', 'Please provide proper mobile number'],
      ['contact_number', '98765432101', 'contact_number_invalid', 'Please provide proper mobile number'],
      ['email', '', 'email_required', 'Email is required'],
      ['email', 'asha@', 'email_invalid', 'Please provide valid email address'],
      ['message', ' ', 'message_required', 'Message is required'],
    ])('answers 400 naming %s (%j): %s', async (field, value, code, message) => {
      const body: Record<string, unknown> = { ...valid, [field]: value };
      if (value === undefined) delete body[field];
      const response = await request(ctx.app, 'POST', '/api/report', body);
      expect(expectRefusal(response, 400, 'validation_failed', { [field]: code }).errors).toEqual({ [field]: { code, message } });
    });

    it('answers with the limit as a param for an overlong message, and the key rule', async () => {
      const long = await request(ctx.app, 'POST', '/api/report', { ...valid, name: 'n'.repeat(101), key: 'no spaces allowed' });
      expect(expectRefusal(long, 400, 'validation_failed', { name: 'contact_name_too_long', key: 'contact_key_invalid' }).errors).toEqual({
        name: { code: 'contact_name_too_long', message: 'name can be at most 100 characters', params: { max: 100 } },
        key: { code: 'contact_key_invalid', message: 'key can be at most 100 letters, digits, dashes, dots or underscores', params: { max: 100 } },
      });
    });

    it('answers 400 (never 500) for a body that is not an object or not JSON', async () => {
      // The input guard (decision 046) answers these before the route's schema sees them.
      expectRefusal(await request(ctx.app, 'POST', '/api/report', '[1]'), 400, 'json_object_required');
      expectRefusal(await request(ctx.app, 'POST', '/api/report', '{"name":'), 400, 'invalid_json');
      expectRefusal(await request(ctx.app, 'POST', '/api/report', { ...valid, message: 'nul \u0000 byte' }), 400, 'invalid_characters', {
        message: 'invalid_characters',
      });
    });

    it(`limits each address to ${REPORT_RATE_LIMIT.max} messages, then answers 429`, async () => {
      const ip = freshIp();
      for (let i = 0; i < REPORT_RATE_LIMIT.max; i++) expect((await request(ctx.app, 'POST', '/api/report', valid, { ip })).statusCode).toBe(201);
      const limited = await request(ctx.app, 'POST', '/api/report', valid, { ip });
      expectRefusal(limited, 429, 'rate_limited');
      expect(limited.json().params).toEqual({ minutes: expect.any(Number) });
      // Another address is not affected.
      expect((await request(ctx.app, 'POST', '/api/report', valid)).statusCode).toBe(201);
    });
  });

  describe('newsletter, double opt-in', () => {
    it('stores a pending subscriber and mails a confirmation link with an unsubscribe link; keeps only token hashes', async () => {
      const email = uniqueEmail('news');
      const response = await request(ctx.app, 'POST', '/api/subscribe/newsletter', { email });
      expect(response.statusCode).toBe(202);
      expect(response.json().message).toBe('Thank you! Please check your inbox and confirm your subscription.');
      const [subscriber] = await ctx.handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
      expect(subscriber?.status).toBe('pending');
      const [mail] = await mailsTo(ctx, email, 'newsletter-confirm-link');
      const confirm = tokenIn(mail!.bodyText, 'confirm');
      const unsubscribe = tokenIn(mail!.bodyText, 'unsubscribe');
      expect(mail!.bodyHtml).toContain('Unsubscribe');
      const tokens = await ctx.handle.db.select().from(newsletterTokens).where(eq(newsletterTokens.subscriberId, subscriber!.id));
      expect(tokens.map((t) => t.tokenHash).sort()).toEqual([hashToken(confirm), hashToken(unsubscribe)].sort());
      expect(JSON.stringify(tokens)).not.toContain(confirm);

      const confirmed = await request(ctx.app, 'POST', '/api/subscribe/newsletter/confirm', { token: confirm });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().message).toBe('Your subscription is confirmed.');
      expect((await ctx.handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.status).toBe('confirmed');
      // A confirmation link is used up.
      expectRefusal(await request(ctx.app, 'POST', '/api/subscribe/newsletter/confirm', { token: confirm }), 404, 'newsletter_token_invalid');

      const left = await request(ctx.app, 'POST', '/api/subscribe/newsletter/unsubscribe', { token: unsubscribe });
      expect(left.statusCode).toBe(200);
      expect(left.json().message).toBe('You are unsubscribed and will get no more newsletters.');
      expect((await ctx.handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.status).toBe('unsubscribed');
      // The same link again still works (an old mail's link is never a dead end).
      expect((await request(ctx.app, 'POST', '/api/subscribe/newsletter/unsubscribe', { token: unsubscribe })).statusCode).toBe(200);
    });

    it('is idempotent and case-insensitive: one row, one mail per resend window, the same answer for a confirmed address', async () => {
      const email = uniqueEmail('case');
      const upper = email.toUpperCase();
      const answers = await Promise.all(
        [email, upper, ` ${upper} `].map((address) => request(ctx.app, 'POST', '/api/subscribe/newsletter', { email: address })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
      expect(await ctx.handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toHaveLength(1);
      expect(await mailsTo(ctx, email, 'newsletter-confirm-link')).toHaveLength(1);

      const [mail] = await mailsTo(ctx, email, 'newsletter-confirm-link');
      await request(ctx.app, 'POST', '/api/subscribe/newsletter/confirm', { token: tokenIn(mail!.bodyText, 'confirm') });
      const again = await request(ctx.app, 'POST', '/api/subscribe/newsletter', { email: upper });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual(answers[0]!.json());
      expect(await mailsTo(ctx, email, 'newsletter-confirm-link')).toHaveLength(1);
    });

    it('mails a pending address again once the resend window has passed, with a new confirmation link', async () => {
      const email = uniqueEmail('resend');
      await request(ctx.app, 'POST', '/api/subscribe/newsletter', { email });
      const [first] = await mailsTo(ctx, email, 'newsletter-confirm-link');
      await ctx.handle.db
        .update(newsletterSubscribers)
        .set({ confirmationSentAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(newsletterSubscribers.email, email));
      await request(ctx.app, 'POST', '/api/subscribe/newsletter', { email });
      const mails = await mailsTo(ctx, email, 'newsletter-confirm-link');
      expect(mails).toHaveLength(2);
      expectRefusal(
        await request(ctx.app, 'POST', '/api/subscribe/newsletter/confirm', { token: tokenIn(first!.bodyText, 'confirm') }),
        404,
        'newsletter_token_invalid',
      );
      expect((await request(ctx.app, 'POST', '/api/subscribe/newsletter/confirm', { token: tokenIn(mails[0]!.bodyText, 'confirm') })).statusCode).toBe(200);
    });

    it('refuses an expired confirmation link', async () => {
      const email = uniqueEmail('expired');
      await request(ctx.app, 'POST', '/api/subscribe/newsletter', { email });
      const [mail] = await mailsTo(ctx, email, 'newsletter-confirm-link');
      const token = tokenIn(mail!.bodyText, 'confirm');
      await ctx.handle.db
        .update(newsletterTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(newsletterTokens.tokenHash, hashToken(token)));
      const response = await request(ctx.app, 'POST', '/api/subscribe/newsletter/confirm', { token });
      expect(expectRefusal(response, 404, 'newsletter_token_invalid')).toEqual({
        message: 'This link is not valid or has expired.',
        code: 'newsletter_token_invalid',
      });
    });

    it.each([
      [{}, 'email_required', 'Email is required'],
      [{ email: '  ' }, 'email_required', 'Email is required'],
      [{ email: 'asha@' }, 'newsletter_email_invalid', 'Please provide valid email address.'],
    ])('answers 400 for %j: %s', async (body, code, message) => {
      const response = await request(ctx.app, 'POST', '/api/subscribe/newsletter', body);
      expect(expectRefusal(response, 400, 'validation_failed', { email: code }).errors).toEqual({ email: { code, message } });
    });

    it('answers 400 naming token for a malformed token, 404 for an unknown one', async () => {
      const malformed = await request(ctx.app, 'POST', '/api/subscribe/newsletter/unsubscribe', { token: 'abc' });
      expectRefusal(malformed, 400, 'validation_failed', { token: 'newsletter_token_invalid' });
      expect(Object.keys(malformed.json().errors)).toEqual(['token']);
      expectRefusal(await request(ctx.app, 'POST', '/api/subscribe/newsletter/unsubscribe', {}), 400, 'validation_failed', {
        token: 'newsletter_token_required',
      });
      expectRefusal(await request(ctx.app, 'POST', '/api/subscribe/newsletter/unsubscribe', { token: 'A'.repeat(43) }), 404, 'newsletter_token_invalid');
    });

    it(`limits each address to ${NEWSLETTER_RATE_LIMIT.max} subscribe calls an hour, then answers 429`, async () => {
      const ip = freshIp();
      for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i++) {
        expect((await request(ctx.app, 'POST', '/api/subscribe/newsletter', { email: uniqueEmail('limit') }, { ip })).statusCode).toBe(202);
      }
      expectRefusal(await request(ctx.app, 'POST', '/api/subscribe/newsletter', { email: uniqueEmail('limit') }, { ip }), 429, 'rate_limited');
    });
  });
});
