'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useSignOut } from '../session/use-auth';

/** /logout: ends the session on the server, clears the client and goes home. */
export function SignOutRunner() {
  const t = useTranslations('auth.logout');
  const signOut = useSignOut();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut();
  }, [signOut]);
  return (
    <p role="status" className="text-center text-muted">
      {t('progress')}
    </p>
  );
}
