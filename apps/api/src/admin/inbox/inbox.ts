import { clientLogs, contactSubmissions, type Database, newsletterSubscribers } from '@shop/db';
import {
  type InboxErrorLog,
  type InboxReport,
  type InboxSubscriber,
  prunedMessage,
  type reportKinds,
  type reportStatuses,
  type subscriberFilters,
} from '@shop/domain/admin/inbox';
import type { Paginated } from '@shop/domain/catalogue';
import { and, asc, count, desc, eq, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import type { RequestUser } from '../../auth/request-user.ts';
import { pageOf } from '../../lib/page.ts';
import { Refusal } from '../../lib/refusal.ts';
import { recordAudit } from '../audit.ts';
import { errorLogView, reportView, subscriberView } from './views.ts';

/**
 * The back office's inbox (issue 7): contact messages and complaints to mark handled, newsletter subscribers (a page
 * or every one for the CSV export) and client error logs (a page, or delete old ones). Every change writes an audit
 * row in its own transaction.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
type Page = { page: number; limit: number };

export async function listReports(
  db: Database,
  query: { status: (typeof reportStatuses)[number]; kind: (typeof reportKinds)[number] } & Page,
): Promise<Paginated<InboxReport>> {
  const filters: SQL[] = [];
  if (query.status === 'open') filters.push(isNull(contactSubmissions.handledAt));
  if (query.status === 'handled') filters.push(isNotNull(contactSubmissions.handledAt));
  if (query.kind === 'complaint') filters.push(isNotNull(contactSubmissions.key));
  if (query.kind === 'message') filters.push(isNull(contactSubmissions.key));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactSubmissions)
      .where(where)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(contactSubmissions).where(where),
  ]);
  return pageOf(rows.map(reportView), Number(total?.n ?? 0), query.page, query.limit);
}

/** Marks a message handled (or open again); 404 `admin_message_not_found` for an unknown id. */
export async function setReportHandled(db: Database, actor: RequestUser, id: string, handled: boolean): Promise<InboxReport> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for('update');
    if (!current) throw new Refusal('admin_message_not_found');
    // Marking a handled message handled again keeps the first time (and writes no audit row: nothing changed).
    if ((current.handledAt !== null) === handled) return current;
    const [updated] = await tx
      .update(contactSubmissions)
      .set({ handledAt: handled ? new Date() : null, updatedAt: new Date() })
      .where(eq(contactSubmissions.id, current.id))
      .returning();
    const changed = updated as typeof current;
    await recordAudit(tx, actor, {
      action: handled ? 'contact_message.handled' : 'contact_message.reopened',
      entityType: 'contact_message',
      entityId: current.id,
      before: { handledAt: current.handledAt },
      after: { handledAt: changed.handledAt },
    });
    return changed;
  });
  return reportView(row);
}

const subscriberWhere = (status: (typeof subscriberFilters)[number]) => (status === 'all' ? undefined : eq(newsletterSubscribers.status, status));

export async function listSubscribers(db: Database, query: { status: (typeof subscriberFilters)[number] } & Page): Promise<Paginated<InboxSubscriber>> {
  const where = subscriberWhere(query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(newsletterSubscribers).where(where),
  ]);
  return pageOf(rows.map(subscriberView), Number(total?.n ?? 0), query.page, query.limit);
}

/** Every subscriber with the status, oldest first (the CSV export). */
export async function allSubscribers(db: Database, status: (typeof subscriberFilters)[number]): Promise<InboxSubscriber[]> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(subscriberWhere(status))
    .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
  return rows.map(subscriberView);
}

export async function listErrorLogs(db: Database, query: Page): Promise<Paginated<InboxErrorLog>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clientLogs)
      .orderBy(desc(clientLogs.createdAt), desc(clientLogs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(clientLogs),
  ]);
  return pageOf(rows.map(errorLogView), Number(total?.n ?? 0), query.page, query.limit);
}

/** Deletes the client error logs older than a number of days (0: every log written before now), with an audit row. */
export async function pruneErrorLogs(db: Database, actor: RequestUser, olderThanDays: number): Promise<{ deleted: number; message: string }> {
  const before = new Date(Date.now() - olderThanDays * DAY_MS);
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(clientLogs).where(lt(clientLogs.createdAt, before)).returning({ id: clientLogs.id });
    await recordAudit(tx, actor, {
      action: 'client_log.prune',
      entityType: 'client_log',
      entityId: null,
      before: null,
      after: { olderThanDays, before: before.toISOString(), deleted: rows.length },
    });
    return rows.length;
  });
  return { deleted, message: prunedMessage(deleted) };
}
