import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import type { CouponFormTexts } from '@modules/admin/catalogue/components/coupon-form';
import { catalogueApi } from '@modules/admin/catalogue/lib/catalogue-api';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';
import { CouponsPage } from '@modules/admin/catalogue/templates/coupons-page';

export const metadata: Metadata = { title: 'Coupons' };

export default async function Page({ searchParams }: { searchParams: Promise<{ q?: string; page?: string }> }) {
  await requireStaff('/admin/coupons');
  const { q = '' } = await searchParams;
  const query = q.trim().slice(0, 30);
  const [t, formTexts, list] = await Promise.all([
    adminTexts('admin-catalogue'),
    catalogueTexts<CouponFormTexts>('couponForm'),
    catalogueApi.coupons({ q: query || undefined }),
  ]);
  return <CouponsPage coupons={list.data} total={list.total} q={query} t={t} formTexts={formTexts} />;
}
