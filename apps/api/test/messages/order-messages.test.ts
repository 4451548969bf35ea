import { invoices, orderLineCustomisations, orderLines, orders } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAttachmentProvider } from '../../src/messages/attachments.ts';
import { invoicePdfFor } from '../../src/invoices/invoice-files.ts';
import { enqueueOrderEvent } from '../../src/messages/order-events.ts';
import { remindPersonalisation } from '../../src/messages/reminders.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { call, product } from '../orders/order-helpers.ts';
import { eventually } from '../outbox/local-servers.ts';
import { setTaxIdentity, taxedProduct } from '../invoices/invoice-helpers.ts';
import { giveEmail, type MessagesContext, messagesContext, orderRows } from './message-helpers.ts';

const HOUR = 3_600_000;

/**
 * Order messages end to end (issue 21), on PGlite and PostgreSQL: the order placed and shipped mails as an SMTP server
 * receives them (HTML and text parts, headers, the attachment hook), SMS with its DLT template id, WhatsApp in Meta's
 * shape, once per event under repeats, retried after a transport error, reminders on a fake clock, preferences.
 */
describe.each(engines)('order messages (%s)', (engine) => {
  let ctx: MessagesContext;

  const placeCod = async (who: MessagesContext['people'][number], productId: string) => {
    const response = await call(ctx.app, 'POST', '/api/user/order', who, {
      items: [{ productId, quantity: 1 }],
      addressId: who.addressId,
      paymentMethod: 'cod',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ _id: string; number: string; grandTotal: number }>();
  };
  const move = async (orderId: string, status: string, extra: Record<string, unknown> = {}) => {
    const response = await call(ctx.app, 'POST', `/api/admin/orders/${orderId}/status`, ctx.staff, { status, ...extra });
    expect(response.statusCode, response.body).toBe(200);
  };
  const mailsTo = (address: string, subject: string) => ctx.smtp.received.filter((got) => got.envelope.to.includes(address) && got.mail.subject === subject);

  beforeAll(async () => {
    ctx = await messagesContext(engine, 3);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('mails "order placed" as HTML and text with the logo, colours and link, and texts it with its DLT template id', async () => {
    const [asha] = ctx.people;
    await giveEmail(ctx, asha!.userId, 'asha.placed@example.com');
    // Staff registered the SMS under a DLT template id.
    const saved = await call(ctx.app, 'PUT', '/api/admin/message-templates/order-placed/en', ctx.staff, {
      subject: null,
      intro: null,
      dltTemplateId: '1107161234567890123',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const lamp = await product(ctx, { stock: 5, price: 120_000, mrp: 150_000 });
    const placed = await placeCod(asha!, lamp.id);

    await eventually(() => mailsTo('asha.placed@example.com', `Order ${placed.number} placed`).length === 1);
    const { mail, envelope } = mailsTo('asha.placed@example.com', `Order ${placed.number} placed`)[0]!;
    expect(envelope.from).toBe('orders@shop.example');
    expect(mail.from?.value).toEqual([{ name: 'Kaarigar Gifts', address: 'orders@shop.example' }]);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@outbox\.kaarigar>$/);
    const html = String(mail.html);
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(html).toContain('#8c2f39');
    expect(html).toMatch(/<img[^>]+src="http:\/\/localhost:3000\/icon\.svg"/);
    expect(html).toContain(`href="http://localhost:3000/my-account/orders/${placed._id}"`);
    expect(html).toContain('₹1,200');
    expect(mail.text).toContain(`Thank you, Asha Verma! Your order ${placed.number} (1 item) is placed.`);
    expect(mail.text).toContain(`See your order [http://localhost:3000/my-account/orders/${placed._id}]`);
    expect(mail.text).not.toContain('<');

    await eventually(() => ctx.gateway.requests.some((request) => (request.body as { to?: string }).to === asha!.phone));
    const sms = ctx.gateway.requests.find((request) => (request.body as { to?: string }).to === asha!.phone)!;
    expect(sms.headers['x-dlt-template-id']).toBe('1107161234567890123');
    expect((sms.body as { message: string }).message).toBe(
      `Kaarigar Gifts: order ${placed.number} placed, ₹1,200 to pay on delivery. Details: http://localhost:3000/my-account/orders/${placed._id}`,
    );
    // Staff see both on the order, sent.
    await eventually(async () => (await orderRows(ctx, placed._id)).every((row) => row.status === 'sent'));
    const listed = await call(ctx.app, 'GET', `/api/admin/orders/${placed._id}/messages`, ctx.staff);
    expect(listed.json().data.map((row: { channel: string; kind: string; status: string }) => [row.channel, row.kind, row.status])).toEqual(
      expect.arrayContaining([
        ['email', 'order-placed', 'sent'],
        ['sms', 'order-placed', 'sent'],
      ]),
    );
    const customerTry = await call(ctx.app, 'GET', `/api/admin/orders/${placed._id}/messages`, asha);
    expect(customerTry.statusCode).toBe(403);
    // An order that does not exist is 404 whether its id is malformed or well-formed and unknown (was 200 { data: [] }).
    for (const id of ['not-an-order', '00000000-0000-4000-8000-000000000000']) {
      expectRefusal(await call(ctx.app, 'GET', `/api/admin/orders/${id}/messages`, ctx.staff), 404, 'order_not_found');
    }
  });

  it('mails "shipped" with the tracking link and the attachment a provider gives, and sends each event once', async () => {
    const [, ravi] = ctx.people;
    await giveEmail(ctx, ravi!.userId, 'ravi.shipped@example.com', 'Ravi Kumar');
    // A provider of its own kind, beside the shop's invoice (which this order may or may not have).
    const unregister = registerAttachmentProvider({
      kind: 'sample',
      events: ['order-shipped'],
      load: (orderId) =>
        Promise.resolve({ filename: `sample-${orderId.slice(0, 8)}.pdf`, contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test invoice') }),
    });
    try {
      const lamp = await product(ctx, { stock: 5 });
      const placed = await placeCod(ravi!, lamp.id);
      await move(placed._id, 'confirmed');
      await move(placed._id, 'in_production');
      await move(placed._id, 'packed');
      await move(placed._id, 'shipped', { tracking: { carrier: 'Delhivery', number: 'DL123456789', link: 'https://track.example/DL123456789' } });

      const subject = `Order ${placed.number} has shipped`;
      await eventually(() => mailsTo('ravi.shipped@example.com', subject).length === 1);
      const { mail } = mailsTo('ravi.shipped@example.com', subject)[0]!;
      expect(mail.text).toContain(`Hello Ravi Kumar, your order ${placed.number} is on its way with Delhivery (tracking number DL123456789).`);
      expect(mail.text).toContain('Track your parcel [https://track.example/DL123456789]');
      expect(String(mail.html)).toContain('href="https://track.example/DL123456789"');
      const samples = mail.attachments.filter((file) => file.filename?.startsWith('sample-'));
      expect(samples.map((file) => [file.filename, file.contentType, file.content.toString()])).toEqual([
        [`sample-${placed._id.slice(0, 8)}.pdf`, 'application/pdf', '%PDF-1.4 test invoice'],
      ]);
      await eventually(() => mailsTo('ravi.shipped@example.com', `We are making order ${placed.number}`).length === 1);

      // The same event again (a retried request, a redelivered webhook) writes nothing more.
      expect((await enqueueOrderEvent(ctx.handle.db, 'order-shipped', placed._id)).written).toBe(0);
      expect((await enqueueOrderEvent(ctx.handle.db, 'order-placed', placed._id)).written).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailsTo('ravi.shipped@example.com', subject)).toHaveLength(1);
      const rows = await orderRows(ctx, placed._id);
      expect(rows.map((row) => `${row.kind}/${row.channel}`).sort()).toEqual([
        'order-in-production/email',
        'order-in-production/sms',
        'order-placed/email',
        'order-placed/sms',
        'order-shipped/email',
        'order-shipped/sms',
      ]);

      // Delivered: a review link to the product.
      await move(placed._id, 'delivered');
      await eventually(() => mailsTo('ravi.shipped@example.com', `Order ${placed.number} is delivered`).length === 1);
      expect(mailsTo('ravi.shipped@example.com', `Order ${placed.number} is delivered`)[0]!.mail.text).toContain(
        `Write a review [http://localhost:3000/product/${lamp.slug}#reviews]`,
      );
    } finally {
      unregister();
    }
  });

  it('attaches the GST invoice PDF to the "shipped" mail (the shop\'s own invoice, issued as the order ships)', async () => {
    const [, ravi] = ctx.people;
    await setTaxIdentity(ctx);
    const lamp = await taxedProduct(ctx, { price: 118_000, gstRate: 1_800, hsnCode: '9405' });
    const placed = await placeCod(ravi!, lamp.id);
    for (const status of ['confirmed', 'in_production', 'packed']) await move(placed._id, status);
    await move(placed._id, 'shipped', { tracking: { carrier: 'Delhivery', number: 'DL987654321', link: 'https://track.example/DL987654321' } });

    const subject = `Order ${placed.number} has shipped`;
    await eventually(() => mailsTo('ravi.shipped@example.com', subject).length === 1);
    const { mail } = mailsTo('ravi.shipped@example.com', subject)[0]!;
    const [invoice] = await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, placed._id));
    expect(invoice?.kind).toBe('invoice');
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file!.contentType).toBe('application/pdf');
    expect(file!.filename).toBe(`${invoice!.number.replaceAll('/', '-')}.pdf`);
    // The very bytes stored for the invoice, not a second rendering.
    const stored = await invoicePdfFor(ctx.handle.db, ctx.app.objectStore, placed._id);
    expect(file!.content.equals(stored!.body)).toBe(true);
    expect(file!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('holds the "shipped" mail of an order whose invoice is still due until the issuer issues it, then attaches it (decision 109)', async () => {
    const [, , third] = ctx.people;
    await giveEmail(ctx, third!.userId, 'meera.due@example.com', 'Meera Iyer');
    await setTaxIdentity(ctx);
    const lamp = await taxedProduct(ctx, { price: 118_000, gstRate: 1_800, hsnCode: '9405' });
    const placed = await placeCod(third!, lamp.id);
    for (const status of ['confirmed', 'in_production', 'packed']) await move(placed._id, status);
    // Shipped as the carrier's webhook ships it: the invoice due (here not before two seconds from now, so the mail is
    // surely tried while it is still due), the shipped messages written in the same transaction.
    await ctx.handle.db
      .update(orders)
      .set({ status: 'shipped', invoiceDueAt: sql`now() + interval '2 seconds'` })
      .where(eq(orders.id, placed._id));
    await enqueueOrderEvent(ctx.handle.db, 'order-shipped', placed._id);
    ctx.app.outbox.worker.wake();
    const subject = `Order ${placed.number} has shipped`;
    // Tried and put back while the invoice is due: not sent, no attempt counted.
    await eventually(async () =>
      (await orderRows(ctx, placed._id, 'order-shipped')).some(
        (row) =>
          row.channel === 'email' && row.lastError === null && row.status === 'pending' && row.attempts === 0 && row.nextAttemptAt.getTime() > Date.now(),
      ),
    );
    expect(mailsTo('meera.due@example.com', subject)).toHaveLength(0);

    await eventually(() => mailsTo('meera.due@example.com', subject).length === 1, 20_000);
    const [invoice] = await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, placed._id));
    expect(invoice?.kind).toBe('invoice');
    const { mail } = mailsTo('meera.due@example.com', subject)[0]!;
    expect(mail.attachments.map((file) => file.filename)).toEqual([`${invoice!.number.replaceAll('/', '-')}.pdf`]);
    // The SMTP server has the mail a moment before the worker's own "sent" update commits.
    const emailRow = async () => (await orderRows(ctx, placed._id, 'order-shipped')).find((message) => message.channel === 'email');
    await eventually(async () => (await emailRow())?.status === 'sent');
    expect(await emailRow()).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a mail after a transport error, with back-off, and sends it once', async () => {
    const [asha] = ctx.people;
    ctx.smtp.failNext(2);
    const lamp = await product(ctx, { stock: 5 });
    const placed = await placeCod(asha!, lamp.id);
    await eventually(() => mailsTo('asha.placed@example.com', `Order ${placed.number} placed`).length === 1);
    // The SMTP server has the mail a moment before the worker's own "sent" update commits.
    const emailRow = async () => (await orderRows(ctx, placed._id, 'order-placed')).find((r) => r.channel === 'email');
    await eventually(async () => (await emailRow())?.status === 'sent');
    expect(await emailRow()).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('asks for personalisation, reminds at 24 h (fake clock) once, and stops once it is filled', async () => {
    const [asha] = ctx.people;
    const mug = await product(ctx, { stock: 5, customizationType: 'text' });
    const placed = await placeCod(asha!, mug.id);
    const [line] = await ctx.handle.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, placed._id));
    const asked = (await orderRows(ctx, placed._id, 'personalisation-needed')).find((row) => row.channel === 'email');
    expect(asked?.bodyText).toContain(`Add your personalisation [http://localhost:3000/my-account/orders/${placed._id}?customise=${line!.id}]`);

    const reminders = () => orderRows(ctx, placed._id, 'personalisation-reminder');
    const now = Date.now();
    expect(await remindPersonalisation(ctx.handle.db, new Date(now + 23 * HOUR))).toBe(0);
    expect(await reminders()).toHaveLength(0);
    expect(await remindPersonalisation(ctx.handle.db, new Date(now + 24 * HOUR + 60_000))).toBeGreaterThanOrEqual(2);
    expect((await reminders()).map((row) => row.dedupeKey).sort()).toEqual([
      `order:${placed._id}:personalisation-reminder:24h:email`,
      `order:${placed._id}:personalisation-reminder:24h:sms`,
    ]);
    // A second pass (another process, a restart) at the same time writes nothing more.
    await remindPersonalisation(ctx.handle.db, new Date(now + 25 * HOUR));
    expect(await reminders()).toHaveLength(2);
    await eventually(() => mailsTo('asha.placed@example.com', `Reminder: we are waiting for your personalisation of order ${placed.number}`).length === 1);

    // Filled: no 72-hour reminder.
    await ctx.handle.db.insert(orderLineCustomisations).values({ lineId: line!.id, texts: ['Happy birthday, Meera'] });
    await remindPersonalisation(ctx.handle.db, new Date(now + 73 * HOUR));
    expect(await reminders()).toHaveLength(2);
  });

  it('reminds at 72 h when still not filled', async () => {
    const [, ravi] = ctx.people;
    const mug = await product(ctx, { stock: 5, customizationType: 'text' });
    const placed = await placeCod(ravi!, mug.id);
    const now = Date.now();
    await remindPersonalisation(ctx.handle.db, new Date(now + 24 * HOUR + 60_000));
    await remindPersonalisation(ctx.handle.db, new Date(now + 72 * HOUR + 60_000));
    const stages = (await orderRows(ctx, placed._id, 'personalisation-reminder')).map((row) => row.dedupeKey?.split(':')[3]);
    expect(stages.sort()).toEqual(['24h', '24h', '72h', '72h']);
  });

  it("honours the preferences: SMS only, then WhatsApp in Meta's template shape, in Hindi", async () => {
    const [, , meena] = ctx.people;
    await giveEmail(ctx, meena!.userId, 'meena.prefs@example.com', 'Meena');
    const saved = await call(ctx.app, 'PUT', '/api/user/message-preferences', meena, {
      orderUpdates: ['whatsapp', 'sms'],
      marketing: [],
      language: 'hi',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ orderUpdates: ['sms', 'whatsapp'], marketing: [], language: 'hi', whatsappAvailable: true });
    const lamp = await product(ctx, { stock: 5 });
    const placed = await placeCod(meena!, lamp.id);
    const loopback = ctx.app.outbox.whatsAppLoopback!;
    await eventually(() => loopback.received.some((message) => message.to === meena!.phone.slice(1)));
    expect(loopback.received.find((message) => message.to === meena!.phone.slice(1))).toMatchObject({
      template: 'kaarigar_order_placed',
      language: 'hi',
      parameters: ['Meena', placed.number, `http://localhost:3000/my-account/orders/${placed._id}`],
    });
    await eventually(async () => (await orderRows(ctx, placed._id)).every((row) => row.status === 'sent'));
    const rows = await orderRows(ctx, placed._id);
    expect(rows.map((row) => row.channel).sort()).toEqual(['sms', 'whatsapp']);
    expect(rows.find((row) => row.channel === 'sms')?.bodyText).toContain(`ऑर्डर ${placed.number} मिल गया`);
    expect(mailsTo('meena.prefs@example.com', `ऑर्डर ${placed.number} मिल गया`)).toHaveLength(0);
  });
});
