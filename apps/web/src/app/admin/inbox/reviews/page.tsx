import type { Metadata } from 'next';
import { moderationStates } from '@shop/domain/review';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { inboxApi, pageOf, pick } from '@modules/admin/inbox/lib/inbox-api';
import { ReviewsPage } from '@modules/admin/inbox/templates/moderation-page';

export const metadata: Metadata = { title: 'Product reviews' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/inbox/reviews');
  const params = await searchParams;
  const filters = { state: pick(params.state, moderationStates, 'pending'), page: pageOf(params.page) };
  const [t, list] = await Promise.all([adminTexts('admin-inbox'), inboxApi.reviews(filters)]);
  return <ReviewsPage list={list} filters={filters} t={t} />;
}
