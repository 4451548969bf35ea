import { staffMemberSchema } from '@shop/domain/admin/staff';
import { z } from 'zod';
import type { Metadata } from 'next';
import { adminApi } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { StaffPage } from '@modules/admin/staff/templates/staff-page';

export const metadata: Metadata = { title: 'Staff accounts' };

const staffList = z.object({ data: z.array(staffMemberSchema) });

export default async function Page() {
  const viewer = await requireStaff('/admin/staff', 'admin');
  const [t, list] = await Promise.all([adminTexts('admin-inbox'), adminApi('GET', '/api/admin/staff', { schema: staffList })]);
  return <StaffPage people={list.data} viewerId={viewer._id} t={t} />;
}
