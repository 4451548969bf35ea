import { z } from 'zod';
import { coded } from '../field-errors.ts';
import { ERROR_LOG_MAX_AGE_DAYS } from './limits.ts';

/**
 * The back office's inbox (issue 7): contact messages and complaints (POST /api/report; a complaint carries the
 * page's key, spec §7), newsletter subscribers and the client error logs of POST /api/log. Feedback and reviews
 * reuse the moderation schemas of ../feedback and ../review. Request and answer shapes shared by the API and the
 * /admin/inbox pages.
 */

export const reportStatuses = ['open', 'handled', 'all'] as const;
export const reportKinds = ['all', 'complaint', 'message'] as const;

export const reportListQuerySchema = z.object({
  status: z.enum(reportStatuses, { error: coded('report_status_invalid') }).default('open'),
  kind: z.enum(reportKinds, { error: coded('report_kind_invalid') }).default('all'),
});

/** One message sent through the contact page or the complaint view. */
export const reportSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contactNumber: z.string(),
  email: z.string(),
  /** As sent: a complaint's message ends in "@<key>". */
  message: z.string(),
  /** The page's key (an order number, say); null for a plain contact message. */
  key: z.string().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type InboxReport = z.infer<typeof reportSchema>;

export const reportHandledRequestSchema = z.object({
  handled: z.boolean({ error: coded('report_handled_invalid') }),
});

const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export const subscriberFilters = ['all', ...subscriberStatuses] as const;

export const subscriberListQuerySchema = z.object({
  status: z.enum(subscriberFilters, { error: coded('subscriber_status_invalid') }).default('all'),
});

export const subscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  status: z.enum(subscriberStatuses),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type InboxSubscriber = z.infer<typeof subscriberSchema>;

/** The CSV export's header row, in column order (one row per subscriber, oldest first). */
export const subscriberCsvColumns = ['email', 'status', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'] as const;

export const errorLogSchema = z.object({
  _id: z.string(),
  message: z.string(),
  stack: z.string(),
  url: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
});
export type InboxErrorLog = z.infer<typeof errorLogSchema>;

export { ERROR_LOG_MAX_AGE_DAYS } from './limits.ts';

/** "Delete logs older than N days" (0 deletes every log written before now). */
export const errorLogPruneRequestSchema = z.object({
  olderThanDays: z
    .number({ error: coded('prune_days_invalid') })
    .int({ error: coded('prune_days_invalid') })
    .min(0, { error: coded('prune_days_negative') })
    .max(ERROR_LOG_MAX_AGE_DAYS, { error: coded('prune_days_too_many') }),
});

/** What a prune answers (not a refusal: the back office shows it as it is). */
export const prunedMessage = (count: number) => `${count} error ${count === 1 ? 'log' : 'logs'} deleted`;

/** The CSV file name for a day: "newsletter-subscribers-2026-11-23.csv". */
export function subscriberCsvFileName(now: Date): string {
  return `newsletter-subscribers-${now.toISOString().slice(0, 10)}.csv`;
}
