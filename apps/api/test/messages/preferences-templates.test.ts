import { auditLog, messagePreferences } from '@shop/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMarketingMail } from '../../src/messages/marketing.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { call } from '../orders/order-helpers.ts';
import { eventually } from '../outbox/local-servers.ts';
import { giveEmail, type MessagesContext, messagesContext } from './message-helpers.ts';

/**
 * Preferences, marketing mail and its unsubscribe link, and the staff's template editor (issue 21), on PGlite and
 * PostgreSQL.
 */
describe.each(engines)('message preferences and templates (%s)', (engine) => {
  let ctx: MessagesContext;
  const put = (url: string, who: { cookie?: string } | undefined, body: unknown) => call(ctx.app, 'PUT', url, who, body);

  beforeAll(async () => {
    ctx = await messagesContext(engine, 2);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps order-update and marketing channels apart; defaults are order updates by e-mail and SMS, no marketing', async () => {
    const [asha] = ctx.people;
    expect((await call(ctx.app, 'GET', '/api/user/message-preferences')).statusCode).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/user/message-preferences', asha)).json()).toEqual({
      orderUpdates: ['email', 'sms'],
      marketing: [],
      language: 'en',
      whatsappAvailable: true,
    });
    const saved = await put('/api/user/message-preferences', asha, { orderUpdates: ['sms'], marketing: ['email', 'email'], language: 'ar' });
    expect(saved.json()).toEqual({ orderUpdates: ['sms'], marketing: ['email'], language: 'ar', whatsappAvailable: true });
    expect((await call(ctx.app, 'GET', '/api/user/message-preferences', asha)).json()).toMatchObject({ orderUpdates: ['sms'], marketing: ['email'] });
    const bad = await put('/api/user/message-preferences', asha, { orderUpdates: ['pigeon'], marketing: [], language: 'fr' });
    expect(bad.statusCode).toBe(400);
  });

  it('sends marketing only to those who chose it, with an unsubscribe link and one-click List-Unsubscribe that work without signing in', async () => {
    const [asha, ravi] = ctx.people;
    await giveEmail(ctx, asha!.userId, 'asha.news@example.com', 'Asha');
    await giveEmail(ctx, ravi!.userId, 'ravi.news@example.com', 'Ravi');
    // Ravi never chose marketing: nothing is written for him.
    expect(await enqueueMarketingMail(ctx.handle.db, 'newsletter', ravi!.userId, 'test-1')).toBe(false);
    expect(await enqueueMarketingMail(ctx.handle.db, 'newsletter', asha!.userId, 'test-1')).toBe(true);
    // Once per campaign.
    expect(await enqueueMarketingMail(ctx.handle.db, 'newsletter', asha!.userId, 'test-1')).toBe(false);
    ctx.app.outbox.worker.wake();
    await eventually(() => ctx.smtp.received.some((got) => got.envelope.to.includes('asha.news@example.com')));
    const { mail } = ctx.smtp.received.find((got) => got.envelope.to.includes('asha.news@example.com'))!;
    // Asha chose Arabic above: right to left.
    expect(String(mail.html)).toContain('<html lang="ar" dir="rtl"');
    expect(mail.subject).toBe('جديد من Kaarigar Gifts');
    const [token] = await ctx.handle.db
      .select({ token: messagePreferences.unsubscribeToken })
      .from(messagePreferences)
      .where(eq(messagePreferences.userId, asha!.userId));
    // The raw header lines, as a mail client reads them.
    const line = (key: string) => mail.headerLines.find((header) => header.key === key)?.line.replace(/\r\n\s+/g, ' ');
    const headerUrl = `http://localhost:3000/api/messages/unsubscribe?token=${token!.token}`;
    expect(line('list-unsubscribe')).toBe(`List-Unsubscribe: <${headerUrl}>`);
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(String(mail.html)).toContain(`href="http://localhost:3000/unsubscribe?token=${token!.token}"`);
    expect(mail.text).toContain(`[http://localhost:3000/unsubscribe?token=${token!.token}]`);

    // The mail client's one-click POST (RFC 8058): a form body, no cookie.
    const url = new URL(headerUrl);
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/user/message-preferences', asha)).json().marketing).toEqual([]);
    expect(await enqueueMarketingMail(ctx.handle.db, 'newsletter', asha!.userId, 'test-2')).toBe(false);
    // Again: no change, still 200; an unknown token is 404.
    expect((await call(ctx.app, 'POST', `/api/messages/unsubscribe?token=${token!.token}`, undefined, {})).statusCode).toBe(200);
    expectRefusal(await call(ctx.app, 'POST', '/api/messages/unsubscribe?token=nosuchtokennosuchtoken', undefined, {}), 404, 'unsubscribe_link_invalid');
  });

  it('lists every template, previews a draft with sample data, saves subject and intro per language (audited) and uses them', async () => {
    const list = await call(ctx.app, 'GET', '/api/admin/message-templates', ctx.staff);
    expect(list.statusCode).toBe(200);
    const templates = list.json().data as Array<{ event: string; language: string; subject: string; sms: string | null }>;
    expect(templates).toHaveLength(13 * 3); // 11 order and marketing messages, issue 24's back-in-stock and proof-ready
    expect(templates.find((t) => t.event === 'order-shipped' && t.language === 'hi')?.subject).toBe('ऑर्डर {orderNumber} भेज दिया गया');
    expect((await call(ctx.app, 'GET', '/api/admin/message-templates', ctx.people[0])).statusCode).toBe(403);

    const preview = await call(ctx.app, 'POST', '/api/admin/message-templates/order-shipped/ar/preview', ctx.staff, {
      intro: 'مرحبًا {name}، طلبك {orderNumber} في الطريق!',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().subject).toBe('تم شحن الطلب KG-261126-7K3M9Q');
    expect(preview.json().html).toContain('dir="rtl"');
    expect(preview.json().text).toContain('مرحبًا آشا، طلبك KG-261126-7K3M9Q في الطريق!');
    expect(preview.json().sms).toContain('KG-261126-7K3M9Q');

    const typo = await put('/api/admin/message-templates/order-shipped/en', ctx.staff, {
      subject: 'Order {ordernumber} shipped',
      intro: null,
      dltTemplateId: null,
    });
    expectRefusal(typo, 400, 'template_placeholder_unknown', { subject: 'template_placeholder_unknown' });
    expectRefusal(
      await put('/api/admin/message-templates/order-teleported/en', ctx.staff, { subject: null, intro: null, dltTemplateId: null }),
      404,
      'message_template_not_found',
    );

    const saved = await put('/api/admin/message-templates/order-shipped/en', ctx.staff, {
      subject: '{orderNumber} is on its way!',
      intro: 'Good news, {name}: it ships today.',
      dltTemplateId: '1107000000000000001',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ subject: '{orderNumber} is on its way!', edited: true, dltTemplateId: '1107000000000000001' });
    const [audit] = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'message-template.update'));
    expect(audit).toMatchObject({ entityId: 'order-shipped/en', actorUserId: ctx.staff.userId });
    expect(audit?.after).toMatchObject({ subject: '{orderNumber} is on its way!' });
    const savedPreview = await call(ctx.app, 'POST', '/api/admin/message-templates/order-shipped/en/preview', ctx.staff, {});
    expect(savedPreview.json().subject).toBe('KG-261126-7K3M9Q is on its way!');
    expect(savedPreview.json().text).toContain('Good news, Asha: it ships today.');
  });
});
