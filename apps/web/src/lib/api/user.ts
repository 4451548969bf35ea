import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { serverApi } from './client';
import { type UserProfile, userProfileSchema } from './user-types';

export type { UserProfile } from './user-types';

/**
 * The signed-in visitor as the API sees them, for server-rendered account pages: the browser's
 * cookies are forwarded to POST /api/user. Null when there is no session cookie or the API refuses it.
 * Asked once per server render (React's `cache`): a back-office page's layout and the page itself both need the
 * viewer. A server action runs outside the render, so the render after it (a changed role, a signed-out session)
 * asks again.
 */
export const getViewer = cache(async function getViewer(): Promise<UserProfile | null> {
  const store = await cookies();
  if (!store.has('auth_token')) return null;
  // Any failure (refused, unreachable, an answer that is not a profile) is "not signed in" for the page.
  return serverApi('POST', '/api/user', { session: 'visitor', schema: userProfileSchema }).catch(() => null);
});
