'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { useUI } from '@modules/common/ui-store';
import { safeNextPath } from '../lib/safe-next';
import { endSession, startSession } from './session';

/**
 * What the forms do once the API has set the session cookie: load the token, mark the UI as
 * authorized, close the modal, then go to `next` (same-origin paths only) or stay, refreshing the
 * server-rendered parts (header, account pages) so they see the cookie.
 */
export function useCompleteSignIn() {
  const router = useRouter();
  const authorize = useUI((s) => s.authorize);
  const closeModal = useUI((s) => s.closeModal);
  const queryClient = useQueryClient();
  return useCallback(
    async (next?: string | null) => {
      await startSession();
      // Nothing fetched for someone else (or for nobody) may show for the person now signed in.
      queryClient.clear();
      authorize();
      closeModal();
      if (next) router.replace(safeNextPath(next));
      router.refresh();
    },
    [router, authorize, closeModal, queryClient],
  );
}

/** Signs out on the server, clears the client (token, user, cached data) and goes home. */
export function useSignOut() {
  const router = useRouter();
  const unauthorize = useUI((s) => s.unauthorize);
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await endSession();
    queryClient.clear();
    unauthorize();
    router.replace('/');
    router.refresh();
  }, [router, unauthorize, queryClient]);
}
