'use server';

import { revalidatePath, updateTag } from 'next/cache';
import { z } from 'zod';
import { adminApi } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { type ActionResult, attempt } from '@modules/admin/lib/result';

/*
 * The inbox's writes (issue 7). Each checks the role (the API checks it again), calls the API, and refreshes the
 * inbox page. Moderating a review changes its product's rating, which product pages and listings show: those
 * storefront caches are expired by tag. Feedback and review lists in the shop are read uncached, so nothing else.
 */

export async function setReportHandled(id: string, handled: boolean): Promise<ActionResult<null>> {
  await requireStaff('/admin/inbox');
  const result = await attempt(() => adminApi('POST', `/api/admin/reports/${encodeURIComponent(id)}/handled`, { body: { handled } }));
  revalidatePath('/admin/inbox');
  return result.ok ? { ok: true, value: null } : result;
}

export async function moderateFeedback(id: string, state: 'approved' | 'rejected'): Promise<ActionResult<null>> {
  await requireStaff('/admin/inbox/feedback');
  const result = await attempt(() => adminApi('POST', `/api/admin/feedbacks/${encodeURIComponent(id)}/moderation`, { body: { state } }));
  revalidatePath('/admin/inbox/feedback');
  return result.ok ? { ok: true, value: null } : result;
}

export async function moderateReview(id: string, productSlug: string, state: 'approved' | 'rejected'): Promise<ActionResult<null>> {
  await requireStaff('/admin/inbox/reviews');
  const result = await attempt(() => adminApi('POST', `/api/admin/reviews/${encodeURIComponent(id)}/moderation`, { body: { state } }));
  if (result.ok) {
    updateTag('products');
    updateTag(`product:${productSlug}`);
  }
  revalidatePath('/admin/inbox/reviews');
  return result.ok ? { ok: true, value: null } : result;
}

const pruneSchema = z.object({ deleted: z.number().int(), message: z.string() });

export async function pruneErrorLogs(olderThanDays: number): Promise<ActionResult<{ deleted: number; message: string }>> {
  await requireStaff('/admin/inbox/errors');
  const result = await attempt(() => adminApi('POST', '/api/admin/error-logs/prune', { body: { olderThanDays }, schema: pruneSchema }));
  revalidatePath('/admin/inbox/errors');
  return result;
}
