import 'server-only';
import type { InboxErrorLog, InboxReport, InboxSubscriber } from '@shop/domain/admin/inbox';
import type { Feedback } from '@shop/domain/feedback';
import type { OwnReview } from '@shop/domain/review';
import { adminApi } from '@lib/api/admin-fetch';

/** The inbox's reads (issue 7), through the one back-office fetch: the staff member's session goes along. */

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
  hasMore: boolean;
}

export type InboxFeedback = Feedback & { name: string; email: string; state: 'pending' | 'approved' | 'rejected' };
export type InboxReview = OwnReview & { productName: string; productSlug: string };

type Query = Record<string, string | number | undefined>;

export const inboxApi = {
  reports: (query: Query) => adminApi<Page<InboxReport>>('GET', '/api/admin/reports', { query }),
  feedback: (query: Query) => adminApi<Page<InboxFeedback>>('GET', '/api/admin/feedbacks', { query }),
  reviews: (query: Query) => adminApi<Page<InboxReview>>('GET', '/api/admin/reviews', { query }),
  subscribers: (query: Query) => adminApi<Page<InboxSubscriber>>('GET', '/api/admin/subscribers', { query }),
  errorLogs: (query: Query) => adminApi<Page<InboxErrorLog>>('GET', '/api/admin/error-logs', { query }),
};

/** One allowed value of a query parameter, else the default (a hand-edited URL never reaches the API as junk). */
export function pick<T extends string>(value: string | string[] | undefined, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function pageOf(value: string | string[] | undefined): number {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return n >= 1 ? n : 1;
}
