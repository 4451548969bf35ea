import type { Metadata } from 'next';
import { synonymGroupSchema } from '@shop/domain/search/synonym-group';
import { z } from 'zod';
import { adminApi } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { SynonymsPage } from '@modules/admin/search/templates/synonyms-page';

export const metadata: Metadata = { title: 'Search synonyms' };

const groupsSchema = z.object({ data: z.array(synonymGroupSchema) });

export default async function Page() {
  await requireStaff('/admin/search-synonyms');
  const { data } = await adminApi('GET', '/api/admin/search-synonyms', { schema: groupsSchema });
  return <SynonymsPage groups={data} />;
}
