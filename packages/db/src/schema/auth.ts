import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * The tables better-auth reads and writes (core + phoneNumber, admin and jwt plugins).
 * The JS keys (user, session, account, verification, jwks) are what better-auth's Drizzle adapter looks up;
 * the SQL names are plural like the rest of the schema. Ids come from the database default because
 * better-auth, configured with generateId: 'uuid' on PostgreSQL, omits `id` on insert.
 */

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Roles a user can hold; `customer` is what every sign-up gets. */
export const userRoles = ['customer', 'staff', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const user = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Phone-only users get a placeholder address on a reserved domain here; the API never shows it. */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    phoneNumber: text('phone_number').unique(),
    phoneNumberVerified: boolean('phone_number_verified'),
    role: text('role').notNull().default('customer'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
  },
  // One role per user: better-auth's admin plugin would also accept "staff,admin"; we don't.
  (table) => [check('users_role_check', sql`${table.role} in ('customer', 'staff', 'admin')`)],
);

export const session = pgTable(
  'sessions',
  {
    id: id(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'accounts',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    /** 'credential' (password), 'google', … */
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** better-auth's scrypt hash, never written by hand. */
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

/** Short-lived secrets: OTPs (stored as an HMAC, see apps/api/src/auth), email links, reset tokens. */
export const verification = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** Signing keys of the 60-minute access tokens; private keys are encrypted with AUTH_SECRET. */
export const jwks = pgTable('jwks', {
  id: id(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  alg: text('alg'),
  crv: text('crv'),
});
