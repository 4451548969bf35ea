import { auditLog } from '@shop/db';
import { and, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';

export interface AuditFilters {
  entityType?: string;
  entityId?: string;
  actor?: string;
  from?: string;
  to?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The WHERE of the audit viewer: exact entity type and id (the entity index's prefix), the actor by email (any case)
 * or user id, and whole UTC days from `from` to `to`, both included.
 */
export function auditWhere(filters: AuditFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.entityType) parts.push(eq(auditLog.entityType, filters.entityType));
  if (filters.entityId) parts.push(eq(auditLog.entityId, filters.entityId));
  if (filters.actor) {
    const byEmail = sql`lower(${auditLog.actorEmail}) = ${filters.actor.toLowerCase()}`;
    parts.push(UUID.test(filters.actor) ? (or(eq(auditLog.actorUserId, filters.actor), byEmail) as SQL) : byEmail);
  }
  if (filters.from) parts.push(gte(auditLog.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) parts.push(lt(auditLog.at, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)));
  return parts.length ? and(...parts) : undefined;
}
