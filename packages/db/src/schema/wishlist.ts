import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { products, productVariants } from './catalogue.ts';

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
 * "Notify me when it is back" (issue 24): one e-mail address or phone number waiting for one product, or for one
 * option of it (decision 118). While a request is open (notified_at null) the same product (or option), channel and
 * recipient is that one request (unique partial indexes); the stock's return writes its one message to the outbox and
 * closes it in the same transaction.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /**
     * The option (size, colour…) the shopper waits for, when the product has options (decision 118): the request is
     * answered when THAT option is back. Null: the product as a whole (any of its stock). An option staff delete takes
     * its open requests with it: what they waited for no longer exists.
     */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<StockAlertChannel>().notNull(),
    /** A lower-case e-mail address, or an Indian mobile number in E.164 ("+919876543210"). */
    recipient: text('recipient').notNull(),
    /** The storefront's language when asked: the message is written in it. */
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    // One open request per product (or per option of it), channel and recipient: two partial indexes, as a null
    // option would never clash in one.
    uniqueIndex('stock_alerts_open_idx')
      .on(t.productId, t.channel, t.recipient)
      .where(sql`${t.notifiedAt} is null and ${t.variantId} is null`),
    uniqueIndex('stock_alerts_open_variant_idx')
      .on(t.variantId, t.channel, t.recipient)
      .where(sql`${t.notifiedAt} is null and ${t.variantId} is not null`),
    // A restock looks up a product's open requests, of any option; an option's deletion finds its requests.
    index('stock_alerts_product_open_idx')
      .on(t.productId)
      .where(sql`${t.notifiedAt} is null`),
    index('stock_alerts_variant_idx').on(t.variantId),
    check('stock_alerts_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);
