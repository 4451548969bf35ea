import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { apiOrigin } from './origin';
import type { UserProfile } from './user-types';

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
  const forwarded = await headers();
  const response = await fetch(new URL('/api/user', apiOrigin()), {
    method: 'POST',
    headers: {
      accept: 'application/json',
      cookie: store.toString(),
      // The API keys its limits on the visitor, not on the storefront's server.
      ...(forwarded.get('x-forwarded-for') ? { 'x-forwarded-for': forwarded.get('x-forwarded-for')! } : {}),
    },
    cache: 'no-store',
  }).catch(() => null);
  if (!response || !response.ok) return null;
  return (await response.json()) as UserProfile;
});
