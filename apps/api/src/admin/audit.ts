import { auditLog, type Database } from '@shop/db';
import type { RequestUser } from '../auth/request-user.ts';

/** A database or an open transaction: the record is written with the change it describes. */
type Writer = Pick<Database, 'insert'>;

interface AuditEntry {
  /** "<entity>.<verb>", e.g. "product.update". */
  action: string;
  entityType: string;
  /** Null for bulk actions (a CSV import records its row count in `after`). */
  entityId?: string | null;
  /** The entity as it was (null when created). */
  before?: unknown;
  /** The entity as it is now (null when deleted). */
  after?: unknown;
}

/**
 * Writes one audit record for a back-office change (issue 7: who, what, when, before and after). Call it inside the
 * change's transaction: if the change rolls back, so does its record, and a change can never land without one.
 */
export async function recordAudit(db: Writer, actor: Pick<RequestUser, 'id' | 'role' | 'email'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email ?? '',
    actorRole: actor.role,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: toJson(entry.before),
    after: toJson(entry.after),
  });
}

/** Dates become ISO strings and undefined fields disappear, as they would in the API's answers. */
function toJson(value: unknown): unknown {
  return value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));
}
