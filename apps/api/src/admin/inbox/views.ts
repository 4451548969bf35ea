import type { clientLogs, contactSubmissions, newsletterSubscribers } from '@shop/db';
import type { InboxErrorLog, InboxReport, InboxSubscriber } from '@shop/domain/admin/inbox';

/** Rows of the inbox's tables as the back office sees them (dates as ISO strings, ids as `_id`). */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function reportView(row: typeof contactSubmissions.$inferSelect): InboxReport {
  return {
    _id: row.id,
    name: row.name,
    contactNumber: row.contactNumber,
    email: row.email,
    message: row.message,
    key: row.key,
    createdAt: row.createdAt.toISOString(),
    handledAt: iso(row.handledAt),
  };
}

export function subscriberView(row: typeof newsletterSubscribers.$inferSelect): InboxSubscriber {
  return {
    _id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    unsubscribedAt: iso(row.unsubscribedAt),
  };
}

export function errorLogView(row: typeof clientLogs.$inferSelect): InboxErrorLog {
  return { _id: row.id, message: row.message, stack: row.stack, url: row.url, userAgent: row.userAgent, createdAt: row.createdAt.toISOString() };
}
