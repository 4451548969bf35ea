import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { products } from './catalogue.ts';

/**
 * A signed-in shopper's wishlist (issue 24): one row per product, so adding twice (or merging the browser's list at
 * sign-in again) is one row. A deleted product leaves every list it was on.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_items_user_product_idx').on(t.userId, t.productId), index('wishlist_items_product_idx').on(t.productId)],
);

export type StockAlertChannel = 'email' | 'sms';

/**
 * "Notify me when it is back" (issue 24): one e-mail address or phone number waiting for one product. While a
 * request is open (notified_at null) the same product, channel and recipient is that one request (a unique partial
 * index); the stock's return writes its one message to the outbox and closes it in the same transaction.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<StockAlertChannel>().notNull(),
    /** A lower-case e-mail address, or an Indian mobile number in E.164 ("+919876543210"). */
    recipient: text('recipient').notNull(),
    /** The storefront's language when asked: the message is written in it. */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_open_idx')
      .on(t.productId, t.channel, t.recipient)
      .where(sql`${t.notifiedAt} is null`),
    check('stock_alerts_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);
