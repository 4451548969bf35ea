'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useUI } from '@modules/common/ui-store';
import { readLocalList } from '@modules/wishlist/lib/local-list';
import { withoutLocalePrefix } from '../../../../server/locale-url.mjs';

/**
 * Mounted once in the header. While the auth_token cookie says a visitor is signed in
 * (isAuthorized, spec §3), it loads the session module and the access token; anonymous visitors
 * download none of it. A cookie whose session has ended turns isAuthorized off. /logout is
 * skipped: it ends the session, and a token request racing the sign-out would only fail.
 */
/** The session hint cookie (server/session-hint.mjs): readable by scripts, unlike the session cookie itself. */
const HINT = 'shop_session';

function hasSessionHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${HINT}=1`);
}

function clearSessionHint(): void {
  document.cookie = `${HINT}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function AuthSessionMount() {
  const isAuthorized = useUI((s) => s.isAuthorized);
  const authorize = useUI((s) => s.authorize);
  const unauthorize = useUI((s) => s.unauthorize);
  const signingOut = withoutLocalePrefix(usePathname()) === '/logout';
  // Catalogue pages come from a shared cache, rendered signed out (decision 095): the hint says this visitor has a
  // session, so the header turns to their account once the page has hydrated.
  useEffect(() => {
    // Only a page from the shared cache (marked on <body>); any other page was rendered with the visitor's cookies.
    if (!isAuthorized && !signingOut && document.body.hasAttribute('data-shared-page') && hasSessionHint()) authorize();
    // Only on arrival: after a sign-out in this tab the hint is gone with the session cookie.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!isAuthorized || signingOut) return;
    let cancelled = false;
    let unsubscribe = () => {};
    void Promise.all([import('./session'), import('./auth-store')]).then(async ([{ startSession }, { authStore }]) => {
      if (cancelled) return;
      // A refresh that finds the session gone (signed out elsewhere, password changed) ends it here too.
      unsubscribe = authStore.subscribe((state, previous) => {
        if (previous.token && !state.token) unauthorize();
      });
      const token = await startSession();
      if (!cancelled && token === null) {
        clearSessionHint();
        unauthorize();
      }
      // Issue 24: a wishlist kept in the browser while signed out goes to the account as soon as the shopper is in.
      else if (token && readLocalList().length > 0) {
        void import('@modules/wishlist/lib/wishlist-store').then(({ loadWishlist }) => loadWishlist(true)).catch(() => {});
      }
    });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [isAuthorized, signingOut, unauthorize]);
  return null;
}
