'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { useUI } from '@modules/common/ui-store';

/**
 * Mounted once in the header. While the auth_token cookie says a visitor is signed in
 * (isAuthorized, spec §3), it loads the session module and the access token; anonymous visitors
 * download none of it. A cookie whose session has ended turns isAuthorized off. /logout is
 * skipped: it ends the session, and a token request racing the sign-out would only fail.
 */
export function AuthSessionMount() {
  const isAuthorized = useUI((s) => s.isAuthorized);
  const unauthorize = useUI((s) => s.unauthorize);
  const signingOut = usePathname() === '/logout';
  useEffect(() => {
    if (!isAuthorized || signingOut) return;
    let cancelled = false;
    void import('./session').then(async ({ startSession }) => {
      const token = await startSession();
      if (!cancelled && token === null) unauthorize();
    });
    return () => {
      cancelled = true;
    };
  }, [isAuthorized, signingOut, unauthorize]);
  return null;
}
