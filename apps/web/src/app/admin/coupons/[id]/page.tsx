import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { deleteCoupon } from '@modules/admin/catalogue/actions';
import { CouponForm, type CouponFormTexts } from '@modules/admin/catalogue/components/coupon-form';
import { DeleteButton } from '@modules/admin/catalogue/components/delete-button';
import { catalogueApi, orNull } from '@modules/admin/catalogue/lib/catalogue-api';
import { couponToForm } from '@modules/admin/catalogue/lib/coupon-form';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';

export const metadata: Metadata = { title: 'Coupon' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/coupons/${encodeURIComponent(id)}`);
  const [t, formTexts, deleteTexts, coupon] = await Promise.all([
    adminTexts('admin-catalogue'),
    catalogueTexts<CouponFormTexts>('couponForm'),
    catalogueTexts<{ delete: string; confirm: string; cancel: string; deleted: string }>('delete'),
    orNull(catalogueApi.coupon(id)),
  ]);
  if (!coupon) notFound();
  const remove = deleteCoupon.bind(null, coupon._id);
  return (
    <>
      <AdminHeading
        title={coupon.code}
        intro={t('coupons.uses', { used: coupon.usedCount, max: coupon.maxUses === null ? t('coupons.unlimited') : String(coupon.maxUses) })}
        actions={
          <Link href="/admin/coupons" className="min-h-11 content-center rounded-full border border-line px-4 font-medium">
            {t('common.back')}
          </Link>
        }
      />
      <CouponForm id={coupon._id} initial={couponToForm(coupon)} texts={formTexts} />
      <div className="mt-8 border-t border-line pt-6">
        <DeleteButton run={remove} texts={deleteTexts} redirectTo="/admin/coupons" />
      </div>
    </>
  );
}
