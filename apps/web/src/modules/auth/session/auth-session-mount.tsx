'use client';

import { useEffect } from 'react';
import { useUI } from '@modules/common/ui-store';

/**
 * Mounted once in the header. While the auth_token cookie says a visitor is signed in
 * (isAuthorized, spec §3), it loads the session module and the access token; anonymous visitors
 * download none of it. A cookie whose session has ended turns isAuthorized off.
 */
export function AuthSessionMount() {
  const isAuthorized = useUI((s) => s.isAuthorized);
  const unauthorize = useUI((s) => s.unauthorize);
  useEffect(() => {
    if (!isAuthorized) return;
    let cancelled = false;
    void import('./session').then(async ({ startSession }) => {
      const token = await startSession();
      if (!cancelled && token === null) unauthorize();
    });
    return () => {
      cancelled = true;
    };
  }, [isAuthorized, unauthorize]);
  return null;
}
