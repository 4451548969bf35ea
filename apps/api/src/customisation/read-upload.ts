import { customisationUploads, type Database } from '@shop/db';
import type { UploadSize } from '@shop/domain/customisation';
import { eq } from 'drizzle-orm';
import { hasRole } from '../auth/roles.ts';
import type { RequestUser } from '../auth/request-user.ts';
import { Refusal } from '../lib/refusal.ts';
import type { ObjectStore, StoredObject } from '../storage/object-store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One stored upload in one size, for its uploader or the shop's staff (admins included). Someone else's photo is
 * `upload_not_found` (404), exactly like a missing id, a malformed one or a lost object.
 */
export async function readUpload(
  deps: { db: Database; store: ObjectStore },
  viewer: Pick<RequestUser, 'id' | 'role'>,
  id: string,
  size: UploadSize,
): Promise<StoredObject> {
  if (!UUID.test(id)) throw new Refusal('upload_not_found');
  const [row] = await deps.db
    .select({ userId: customisationUploads.userId, displayKey: customisationUploads.displayKey, thumbnailKey: customisationUploads.thumbnailKey })
    .from(customisationUploads)
    .where(eq(customisationUploads.id, id))
    .limit(1);
  if (!row || (row.userId !== viewer.id && !hasRole(viewer.role, 'staff'))) throw new Refusal('upload_not_found');
  const object = await deps.store.get(size === 'thumbnail' ? row.thumbnailKey : row.displayKey);
  if (!object) throw new Refusal('upload_not_found');
  return object;
}
