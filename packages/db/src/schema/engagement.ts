import { sql } from 'drizzle-orm';
import { boolean, check, index, inet, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { products } from './catalogue.ts';
import { commonColumns } from './columns.ts';

/*
 * Contact and complaints, the newsletter, feedback about the shop and product reviews (issue 6).
 * Token handling and moderation: docs/decisions (newsletter double opt-in; reviews moderation).
 */

type ModerationStateValue = 'pending' | 'approved' | 'rejected';

/** Every message sent through the contact page or the complaint view (POST /api/report), for the shop's inbox. */
export const contactSubmissions = pgTable(
  'contact_messages',
  {
    ...commonColumns,
    name: text('name').notNull(),
    /** 10 digits, as typed (spec §5). */
    contactNumber: text('contact_number').notNull(),
    email: text('email').notNull(),
    /** As sent: with a key, "<message>@<key>" (spec §7). */
    message: text('message').notNull(),
    /** The page's `key` query parameter (an order number, say), when the message carried one. */
    key: text('key'),
    ip: inet('ip'),
    /** Set by the shop once answered. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    index('contact_messages_key_idx')
      .on(t.key)
      .where(sql`${t.key} is not null`),
  ],
);

type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** One row per address (lower case). Only `confirmed` subscribers get newsletters (double opt-in). */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    ...commonColumns,
    email: text('email').notNull(),
    status: text('status').$type<NewsletterStatus>().notNull().default('pending'),
    /** When the last confirmation mail was queued: resends to one address are throttled. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    check('newsletter_subscribers_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('newsletter_subscribers_status_check', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

type NewsletterTokenPurpose = 'confirm' | 'unsubscribe';

/**
 * Links mailed to subscribers. Only the SHA-256 of each token is stored, so the table cannot be used to confirm or
 * unsubscribe anyone. Each mail gets its own unsubscribe token (every one keeps working), which is why they are rows
 * here rather than a column on the subscriber.
 */
export const newsletterTokens = pgTable(
  'newsletter_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<NewsletterTokenPurpose>().notNull(),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    /** Confirmation links expire; unsubscribe links do not (null). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_tokens_hash_idx').on(t.tokenHash),
    index('newsletter_tokens_subscriber_idx').on(t.subscriberId, t.purpose),
    check('newsletter_tokens_purpose_check', sql`${t.purpose} in ('confirm', 'unsubscribe')`),
  ],
);

/** Feedback about the shop (/feedback). Shown only once the shop approves it. */
export const shopFeedback = pgTable(
  'shop_feedback',
  {
    ...commonColumns,
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** For the shop's reply; never shown. */
    email: text('email').notNull(),
    rating: integer('rating').notNull(),
    message: text('message').notNull(),
    state: text('state').$type<ModerationStateValue>().notNull().default('pending'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => user.id, { onDelete: 'set null' }),
    ip: inet('ip'),
  },
  (t) => [
    // The public list (approved, newest first) and the shop's queue (pending, oldest first) are both one range.
    index('shop_feedback_state_created_idx').on(t.state, t.createdAt.desc(), t.id.desc()),
    check('shop_feedback_rating_check', sql`${t.rating} between 1 and 5`),
    check('shop_feedback_state_check', sql`${t.state} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * Product reviews. One per customer and product (unique index); only approved reviews count in products.rating_*,
 * which a trigger recomputes in the statement that changes a review (migration; decision 075), whoever writes it.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    ...commonColumns,
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for seeded reviews and for reviews whose author deleted their account (the review stays, anonymous). */
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** As shown ("Asha V."), taken when written, so a later rename does not change old reviews. */
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    text: text('text').notNull(),
    /** The author's order with this product was delivered when they wrote it. */
    verifiedBuyer: boolean('verified_buyer').notNull().default(false),
    /** Written by the seed to show what reviews look like; shown to shoppers marked as sample data. */
    sample: boolean('sample').notNull().default(false),
    state: text('state').$type<ModerationStateValue>().notNull().default('pending'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('product_reviews_user_product_idx').on(t.userId, t.productId),
    // A product's published reviews, newest first, and its rating aggregate: one index range.
    index('product_reviews_product_state_created_idx').on(t.productId, t.state, t.createdAt.desc(), t.id.desc()),
    // The shop's moderation queue.
    index('product_reviews_state_created_idx').on(t.state, t.createdAt),
    check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('product_reviews_state_check', sql`${t.state} in ('pending', 'approved', 'rejected')`),
  ],
);
