'use server';

import { type SynonymGroup, synonymGroupSchema } from '@shop/domain/search/synonym-group';
import { revalidatePath, updateTag } from 'next/cache';
import { adminApi } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { type ActionResult, attempt } from '@modules/admin/lib/result';

/*
 * The synonym table's writes (issue 25). Each checks the role (the API checks it again), calls the API, then marks
 * the storefront's product reads stale ('products' tags search results), so the next search uses the change.
 */

const PATH = '/admin/search-synonyms';

function touched() {
  updateTag('products');
  revalidatePath(PATH);
}

export async function saveSynonymGroup(id: string | null, terms: string[]): Promise<ActionResult<SynonymGroup>> {
  await requireStaff(PATH);
  const body = { terms };
  const result = await attempt(() =>
    id
      ? adminApi('PUT', `/api/admin/search-synonyms/${encodeURIComponent(id)}`, { body, schema: synonymGroupSchema })
      : adminApi('POST', '/api/admin/search-synonyms', { body, schema: synonymGroupSchema }),
  );
  if (result.ok) touched();
  return result;
}

export async function deleteSynonymGroup(id: string): Promise<ActionResult<null>> {
  await requireStaff(PATH);
  const result = await attempt(() => adminApi('DELETE', `/api/admin/search-synonyms/${encodeURIComponent(id)}`).then(() => null));
  if (result.ok) touched();
  return result;
}
