import { randomBytes } from 'node:crypto';
import { boolean, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/*
 * Messages to shoppers (issue 21, apps/api/src/messages). A shopper's channel choices, and the staff's edits of the
 * built-in templates (subject and intro per event and language; everything else of a template is in the code).
 */

/**
 * How a shopper wants to hear from the shop, order updates and marketing chosen separately. No row: the defaults
 * (order updates by e-mail and SMS, no marketing). `unsubscribeToken` is the secret in every marketing mail's
 * unsubscribe link, so it works without signing in.
 */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    orderEmail: boolean('order_email').notNull().default(true),
    orderSms: boolean('order_sms').notNull().default(true),
    orderWhatsapp: boolean('order_whatsapp').notNull().default(false),
    marketingEmail: boolean('marketing_email').notNull().default(false),
    marketingSms: boolean('marketing_sms').notNull().default(false),
    marketingWhatsapp: boolean('marketing_whatsapp').notNull().default(false),
    /** 'en' | 'hi' | 'ar': the language of the shopper's messages. */
    language: text('language').notNull().default('en'),
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .$defaultFn(() => randomBytes(24).toString('base64url')),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_preferences_unsubscribe_idx').on(t.unsubscribeToken)],
);

/** A staff edit of one template in one language; absent fields fall back to the built-in text. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    /** The event's name, e.g. 'order-placed' (apps/api/src/messages/events.ts). */
    event: text('event').notNull(),
    language: text('language').notNull(),
    subject: text('subject'),
    intro: text('intro'),
    /** The DLT template id this event's SMS text is registered under (Indian senders must send it). */
    dltTemplateId: text('dlt_template_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.event, t.language] })],
);
