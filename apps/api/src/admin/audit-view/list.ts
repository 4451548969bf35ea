import { auditLog, type Database } from '@shop/db';
import type { AuditEntryView } from '@shop/domain/admin/staff';
import type { Paginated } from '@shop/domain/catalogue';
import { count, desc } from 'drizzle-orm';
import { pageOf } from '../../lib/page.ts';
import { type AuditFilters, auditWhere } from './query.ts';

/** One page of the audit log, newest first, under the viewer's filters. */
export async function listAudit(db: Database, filters: AuditFilters, page: number, limit: number): Promise<Paginated<AuditEntryView>> {
  const where = auditWhere(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const data = rows.map((row) => ({
    _id: row.id,
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
  return pageOf(data, Number(total?.n ?? 0), page, limit);
}
