import 'server-only';
import { errorLogSchema, reportSchema, subscriberSchema } from '@shop/domain/admin/inbox';
import { paginatedSchema } from '@shop/domain/catalogue';
import { type Feedback, feedbackForShopSchema } from '@shop/domain/feedback';
import { type OwnReview, ownReviewSchema } from '@shop/domain/review';
import { z } from 'zod';
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

/** The lists as the API answers them (its response schemas), checked before a page reads them. */
const pages = {
  reports: paginatedSchema(reportSchema),
  feedback: paginatedSchema(feedbackForShopSchema),
  reviews: paginatedSchema(ownReviewSchema.extend({ productName: z.string(), productSlug: z.string() })),
  subscribers: paginatedSchema(subscriberSchema),
  errorLogs: paginatedSchema(errorLogSchema),
};

export const inboxApi = {
  reports: (query: Query) => adminApi('GET', '/api/admin/reports', { query, schema: pages.reports }),
  feedback: (query: Query) => adminApi('GET', '/api/admin/feedbacks', { query, schema: pages.feedback }),
  reviews: (query: Query) => adminApi('GET', '/api/admin/reviews', { query, schema: pages.reviews }),
  subscribers: (query: Query) => adminApi('GET', '/api/admin/subscribers', { query, schema: pages.subscribers }),
  errorLogs: (query: Query) => adminApi('GET', '/api/admin/error-logs', { query, schema: pages.errorLogs }),
};

/** One allowed value of a query parameter, else the default (a hand-edited URL never reaches the API as junk). */
export function pick<T extends string>(value: string | string[] | undefined, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function pageOf(value: string | string[] | undefined): number {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return n >= 1 ? n : 1;
}
