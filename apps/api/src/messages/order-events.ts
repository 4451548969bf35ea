import { type Database, outbox, type OutboxExtras, type ShipmentTrackingValue } from '@shop/db';
import { formatInr } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import { visibleEmail } from '../auth/phone.ts';
import { rowsOf } from '../lib/rows.ts';
import type { Tx } from '../orders/coupons.ts';
import { executeNamed } from '../orders/named-statement.ts';
import { type OutboxMessageInput, outboxRow } from '../outbox/enqueue.ts';
import { attachmentRefs } from './attachments.ts';
import { isMessageLanguage, type MessageEvent, type MessageLanguage, whatsAppTemplateName } from './events.ts';
import { preferencesOf } from './preferences.ts';
import { type Brand, defaultColours, fillText, renderMail } from './render.ts';
import { messageSettings } from './settings.ts';
import { textsWith } from './templates.ts';
import { itemsLabel, type LinkKind, messageLinks } from './texts.ts';

/**
 * The messages of one order event (issue 21, decision 072). Order and payment services call `enqueueOrderEvent` with
 * the database or, where they have one, the transaction of the state change, so the message is committed exactly when
 * the change is. It reads everything in ONE statement (the order, its customer and their preferences, the shop's
 * brand, the staff's edit of the template, what the links need), renders a mail, an SMS and a WhatsApp message for the
 * channels the shopper chose, and writes them with a once-only key per order, event and channel
 * (`order:<id>:<event>[:<stage>]:<channel>`, unique in outbox.dedupe_key): a redelivered webhook, a retried request
 * or a second pass of the reminder job writes nothing the second time. Placing a cash-on-delivery order is the one
 * exception: it reads the customer's and shop's part in its own first statement, renders with the same code before
 * the order exists, and its write statement inserts the rows (decision 126).
 */

type Writer = Database | Tx;

export interface OrderEventOptions {
  /** Part of the once-only key when an event may happen in stages (the 24 h and 72 h reminders). */
  stage?: string;
  /** Why the shop cancelled (shown in the cancellation message). */
  reason?: string | null;
  /** Paise refunded (the refund message); the order's refunded total otherwise. */
  amount?: number;
}

export interface EventRow {
  id: string;
  number: string;
  grand_total: number;
  total_items: number;
  amount_refunded: number;
  tracking: ShipmentTrackingValue | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  order_email: boolean | null;
  order_sms: boolean | null;
  order_whatsapp: boolean | null;
  marketing_email: boolean | null;
  marketing_sms: boolean | null;
  marketing_whatsapp: boolean | null;
  language: string | null;
  shop_name: string | null;
  logo: string | null;
  contact_email: string | null;
  default_language: string | null;
  /** The staff's edits of the events' templates in the shopper's language, by event (absent: the built-in texts). */
  templates: Partial<Record<string, { subject: string | null; intro: string | null; dlt_template_id: string | null }>> | null;
  unfilled_line: string | null;
  first_slug: string | null;
}

/**
 * The customer's and the shop's columns of an event row, and the staff's templates of `events` in the customer's
 * language: for a statement that joins the customer's `message_preferences` as `p` and the shop's settings as `s`.
 */
function customerColumns(events: MessageEvent[]) {
  return sql`p.order_email, p.order_sms, p.order_whatsapp, p.marketing_email, p.marketing_sms, p.marketing_whatsapp, p.language,
      s.name as shop_name, s.logo, s.contact_email, s.default_language,
      (select json_object_agg(t.event, json_build_object('subject', t.subject, 'intro', t.intro, 'dlt_template_id', t.dlt_template_id))
         from message_templates t
        where t.event in (${sql.join(
          events.map((event) => sql`${event}`),
          sql`, `,
        )}) and t.language = coalesce(p.language, s.default_language, 'en')) as templates`;
}

/**
 * What the messages of `events` for one order are made from, in ONE statement (one row, or none). `orderId` may be an
 * SQL expression: the tracking webhook's statement reads it for the order it has just locked (shipping/event-statement.ts).
 */
export function eventQuery(events: MessageEvent[], orderId: string | SQL) {
  return sql`
    select o.id, o.number, o.grand_total, o.total_items, o.amount_refunded, o.tracking,
      u.name, u.email, u.phone_number as phone,
      ${customerColumns(events)},
      (select l.id from order_lines l
        where l.order_id = o.id and l.customization is not null
          and not exists (select 1 from order_line_customisations c where c.line_id = l.id)
        order by l.position limit 1) as unfilled_line,
      (select l.slug from order_lines l where l.order_id = o.id order by l.position limit 1) as first_slug
    from orders o
    left join users u on u.id = o.user_id
    left join message_preferences p on p.user_id = o.user_id
    left join lateral (select name, logo, contact_email, default_language from site_settings order by created_at limit 1) s on true
    where o.id = ${typeof orderId === 'string' ? sql`${orderId}::uuid` : orderId}`;
}

/** The part of an EventRow that is the customer's and the shop's, not the order's (`customerEventQuery`). */
export type CustomerEventInputs = Pick<
  EventRow,
  | 'order_email'
  | 'order_sms'
  | 'order_whatsapp'
  | 'marketing_email'
  | 'marketing_sms'
  | 'marketing_whatsapp'
  | 'language'
  | 'shop_name'
  | 'logo'
  | 'contact_email'
  | 'default_language'
  | 'templates'
>;

/**
 * `eventQuery`'s customer and shop columns for an order not written yet (the same joins and the same template choice):
 * placing an order reads them in its own first statement (orders/order-inputs.ts, decision 126), renders its
 * confirmation between its two statements, and writes it in the second. Always one row (nulls where nothing is set).
 */
export function customerEventQuery(events: MessageEvent[], userId: SQL) {
  return sql`
    select ${customerColumns(events)}
    from (select 1) as one
    left join message_preferences p on p.user_id = ${userId}
    left join lateral (select name, logo, contact_email, default_language from site_settings order by created_at limit 1) s on true`;
}

/**
 * The row `eventQuery` would read for an order once written, made from what placing it knows: the order's values, its
 * customer's row and `customerEventQuery`'s columns. A line "waits for personalisation" (`unfilled_line`) when its product
 * takes customisation and the request did not personalise it (those get their customisation written with the order).
 */
export function placedOrderEventRow(
  order: { id: string; number: string; grandTotal: number; totalItems: number },
  customer: { name: string | null; email: string | null; phone: string | null },
  inputs: CustomerEventInputs,
  lines: Array<{ id: string; slug: string; customization: unknown; personalised: boolean }>,
): EventRow {
  return {
    id: order.id,
    number: order.number,
    grand_total: order.grandTotal,
    total_items: order.totalItems,
    amount_refunded: 0,
    tracking: null,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    ...inputs,
    unfilled_line: lines.find((line) => line.customization !== null && !line.personalised)?.id ?? null,
    first_slug: lines[0]?.slug ?? null,
  };
}

function linkFor(kind: LinkKind, row: EventRow): string {
  const { siteUrl } = messageSettings();
  const order = `${siteUrl}/my-account/orders/${row.id}`;
  switch (kind) {
    case 'pay':
      // The order page, where the shopper sees the payment state and the way to pay again.
      return order;
    case 'customise':
      return row.unfilled_line ? `${order}?customise=${row.unfilled_line}` : order;
    case 'tracking':
      return row.tracking?.link ?? order;
    case 'review':
      return row.first_slug ? `${siteUrl}/product/${encodeURIComponent(row.first_slug)}#reviews` : order;
    case 'shop':
      return siteUrl;
    default:
      return order;
  }
}

export interface OrderEventMessages {
  /** Rows written now (0 when each was written before: the event was already told). */
  written: number;
  /** Whether the order still waits for personalisation (place-order and payment use it to ask for it). */
  needsPersonalisation: boolean;
}

/** The messages of `event` for one order, as outbox inputs (exported for the staff's preview and for tests). */
export async function orderEventMessages(
  db: Writer,
  event: MessageEvent,
  orderId: string,
  options: OrderEventOptions = {},
): Promise<{ messages: OutboxMessageInput[]; row: EventRow | null }> {
  const [row] = rowsOf<EventRow>(await executeNamed(db, 'order-event', eventQuery([event], orderId)));
  if (!row) return { messages: [], row: null };
  return { messages: await renderEvent(event, row, options), row };
}

/** The messages of `event` made from a row of eventQuery (which read that event's template). */
export async function renderEvent(event: MessageEvent, row: EventRow, options: OrderEventOptions): Promise<OutboxMessageInput[]> {
  const template = row.templates?.[event];
  const language: MessageLanguage = isMessageLanguage(row.language ?? '')
    ? (row.language as MessageLanguage)
    : isMessageLanguage(row.default_language ?? '')
      ? (row.default_language as MessageLanguage)
      : 'en';
  const preferences = preferencesOf(
    row.order_email === null
      ? null
      : {
          orderEmail: row.order_email,
          orderSms: Boolean(row.order_sms),
          orderWhatsapp: Boolean(row.order_whatsapp),
          marketingEmail: Boolean(row.marketing_email),
          marketingSms: Boolean(row.marketing_sms),
          marketingWhatsapp: Boolean(row.marketing_whatsapp),
          language,
        },
    language,
  );
  const { siteUrl, whatsapp } = messageSettings();
  const texts = textsWith(
    event,
    language,
    template?.subject || template?.intro ? { subject: template.subject, intro: template.intro, dltTemplateId: null } : null,
  );
  const logo = row.logo ?? '/icon.svg';
  const brand: Brand = {
    shopName: row.shop_name ?? 'Kaarigar Gifts',
    logoUrl: /^https?:\/\//.test(logo) ? logo : new URL(logo, siteUrl).toString(),
    contactEmail: row.contact_email ?? '',
    ...defaultColours,
  };
  const link = linkFor(messageLinks[event], row);
  const values = {
    name: (row.name ?? '').trim(),
    shop: brand.shopName,
    orderNumber: row.number,
    total: formatInr(row.grand_total),
    items: itemsLabel(language, row.total_items),
    carrier: row.tracking?.carrier ?? '',
    trackingNumber: row.tracking?.number ?? '',
    reason: options.reason ?? '',
    amount: formatInr(options.amount ?? (row.amount_refunded || row.grand_total)),
    link,
  };
  const key = (channel: string) => `order:${row.id}:${event}${options.stage ? `:${options.stage}` : ''}:${channel}`;
  const messages: OutboxMessageInput[] = [];
  const email = visibleEmail(row.email);
  if (email && preferences.orderUpdates.includes('email')) {
    const mail = await renderMail({ event, language, texts, brand, summary: true, marketing: false }, values);
    const attachments = attachmentRefs(event, row.id);
    messages.push({
      channel: 'email',
      recipient: email,
      kind: event,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      orderId: row.id,
      dedupeKey: key('email'),
      ...(attachments.length ? { extras: { attachments } } : {}),
    });
  }
  if (row.phone && texts.sms) {
    const short = fillText(texts.sms, values);
    if (preferences.orderUpdates.includes('sms')) {
      const extras: OutboxExtras | undefined = template?.dlt_template_id ? { dltTemplateId: template.dlt_template_id } : undefined;
      messages.push({ channel: 'sms', recipient: row.phone, kind: event, text: short, orderId: row.id, dedupeKey: key('sms'), ...(extras ? { extras } : {}) });
    }
    if (whatsapp && preferences.orderUpdates.includes('whatsapp')) {
      messages.push({
        channel: 'whatsapp',
        recipient: row.phone,
        kind: event,
        text: short,
        orderId: row.id,
        dedupeKey: key('whatsapp'),
        extras: { whatsapp: { template: whatsAppTemplateName(event), language, parameters: [values.name || brand.shopName, row.number, link] } },
      });
    }
  }
  return messages;
}

/**
 * Writes the messages of `event` for an order (see the file's comment), in `db` (pass the state change's transaction
 * where there is one). The caller wakes the outbox worker after its commit, or leaves it to the next poll.
 */
export async function enqueueOrderEvent(db: Writer, event: MessageEvent, orderId: string, options: OrderEventOptions = {}): Promise<OrderEventMessages> {
  const { messages, row } = await orderEventMessages(db, event, orderId, options);
  const needsPersonalisation = Boolean(row?.unfilled_line);
  if (messages.length === 0) return { written: 0, needsPersonalisation };
  const written = await db.insert(outbox).values(messages.map(outboxRow)).onConflictDoNothing({ target: outbox.dedupeKey }).returning({ id: outbox.id });
  return { written: written.length, needsPersonalisation };
}

/** The events whose templates an order's confirmation may use: the confirmation, and the request for personalisation. */
export function confirmedEvents(event: 'order-placed' | 'payment-received'): readonly [typeof event, 'personalisation-needed'] {
  return [event, 'personalisation-needed'];
}

/**
 * The messages confirming an order, from its row (`eventQuery`, or `placedOrderEventRow` before it is written):
 * the confirmation, and the request for personalisation when a line waits for one.
 */
export async function orderConfirmedMessages(event: 'order-placed' | 'payment-received', row: EventRow): Promise<OutboxMessageInput[]> {
  const messages = await renderEvent(event, row, {});
  if (row.unfilled_line) messages.push(...(await renderEvent('personalisation-needed', row, {})));
  return messages;
}

/**
 * The order is confirmed to the shopper (a prepaid order when paid, an order switched to cash on delivery), and asked
 * for its personalisation when it has lines that need one: both events read in ONE statement and written in ONE
 * insert (decision 082: this runs in every paying webhook's transaction). A new cash-on-delivery order writes the
 * same messages in its own statement (decision 126). Answers how many rows were written.
 */
export async function enqueueOrderConfirmed(db: Writer, event: 'order-placed' | 'payment-received', orderId: string): Promise<number> {
  const [row] = rowsOf<EventRow>(await executeNamed(db, 'order-event', eventQuery([...confirmedEvents(event)], orderId)));
  if (!row) return 0;
  const messages = await orderConfirmedMessages(event, row);
  if (messages.length === 0) return 0;
  const written = await db.insert(outbox).values(messages.map(outboxRow)).onConflictDoNothing({ target: outbox.dedupeKey }).returning({ id: outbox.id });
  return written.length;
}
