import 'server-only';
import { redirect } from 'next/navigation';
import { getViewer, type UserProfile } from '@lib/api/user';
import { signInPathFor } from '@modules/auth/lib/safe-next';

/**
 * Account pages need sign-in (issue 3): an anonymous visitor (or one whose session has ended) is
 * sent to /signin?next=<this page> and comes back here after signing in.
 */
export async function requireViewer(path: string): Promise<UserProfile> {
  const viewer = await getViewer();
  if (!viewer) redirect(signInPathFor(path));
  return viewer;
}
