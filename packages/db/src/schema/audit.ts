import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Every change the shop's staff make in the back office (issue 7): who, what, when, the entity before and after.
 * Written in the same transaction as the change, so there is never a change without its record. Kept when the
 * account is deleted (the actor's email and role are copied, the user id is cleared).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull().default(''),
    actorRole: text('actor_role').notNull(),
    /** What was done, as "<entity>.<verb>", e.g. "product.update", "order.status", "settings.update". */
    action: text('action').notNull(),
    /** The kind of thing changed, e.g. "product", "order", "coupon". */
    entityType: text('entity_type').notNull(),
    /** Its id (or a natural key such as "settings"); null for bulk actions such as a CSV import. */
    entityId: text('entity_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc()), index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at.desc())],
);
