'use client';

import { useState, type ReactNode } from 'react';
import { useSignOut } from '../session/use-auth';

/** A button that signs out (server session, token, UI state) and goes home. */
export function SignOutButton({ children, className }: { children: ReactNode; className?: string }) {
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className={className}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
    >
      {children}
    </button>
  );
}
