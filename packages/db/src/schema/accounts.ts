import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { commonColumns } from './columns.ts';
import { user } from './auth.ts';

/** A customer's saved delivery addresses (issue 3). At most one default per user, enforced by the database. */
export const addresses = pgTable(
  'addresses',
  {
    ...commonColumns,
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 10 digits, no country code. */
    mobile: text('mobile').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    landmark: text('landmark'),
    city: text('city').notNull(),
    /** The state's name as in @shop/domain's list of Indian states and union territories. */
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [
    index('addresses_user_id_idx').on(table.userId),
    uniqueIndex('addresses_one_default_per_user_idx')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);

export type OutboxChannel = 'email' | 'sms' | 'whatsapp';

/**
 * What a message carries besides its text (issue 21, apps/api/src/messages): mail headers (List-Unsubscribe),
 * attachments named by kind and reference (loaded at send time by a registered provider, e.g. the order's invoice),
 * the SMS's DLT template id, and a WhatsApp template message's name, language and parameters.
 */
export interface OutboxExtras {
  headers?: Record<string, string>;
  attachments?: Array<{ kind: string; ref: string }>;
  dltTemplateId?: string;
  whatsapp?: { template: string; language: string; parameters: string[] };
}
type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * Messages (OTP codes, email links) written in the same request that asks for them and sent by a worker,
 * so a slow gateway never slows a request and a crash never loses a message.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    recipient: text('recipient').notNull(),
    /** 'otp' | 'magic-link' | 'password-reset' | 'verify-email' | … (free text). */
    kind: text('kind').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Issue 21: an order's messages carry its id (staff see them on the order) and a key, one row per order, event and channel. */
    orderId: uuid('order_id'),
    dedupeKey: text('dedupe_key'),
    extras: jsonb('extras').$type<OutboxExtras>(),
  },
  (table) => [
    index('outbox_status_next_attempt_idx').on(table.status, table.nextAttemptAt),
    uniqueIndex('outbox_dedupe_key_idx').on(table.dedupeKey),
    index('outbox_order_idx')
      .on(table.orderId, table.createdAt)
      .where(sql`${table.orderId} is not null`),
  ],
);
