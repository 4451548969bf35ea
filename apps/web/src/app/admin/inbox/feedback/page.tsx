import type { Metadata } from 'next';
import { moderationStates } from '@shop/domain/review';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { inboxApi, pageOf, pick } from '@modules/admin/inbox/lib/inbox-api';
import { FeedbackPage } from '@modules/admin/inbox/templates/moderation-page';

export const metadata: Metadata = { title: 'Shop feedback' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/inbox/feedback');
  const params = await searchParams;
  const filters = { state: pick(params.state, moderationStates, 'pending'), page: pageOf(params.page) };
  const [t, list] = await Promise.all([adminTexts('admin-inbox'), inboxApi.feedback(filters)]);
  return <FeedbackPage list={list} filters={filters} t={t} />;
}
