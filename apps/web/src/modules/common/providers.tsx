'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { queryDefaults } from '@lib/query/defaults';
import { UIProvider } from './ui-store';
import { Toasts } from './toasts';

/** Client-side context for the whole app: data fetching, UI state and toasts. */
export function Providers({ isAuthorized, children }: { isAuthorized: boolean; children: ReactNode }) {
  // One client per tab; created in state so a re-render never drops the cache.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: queryDefaults }));
  return (
    <QueryClientProvider client={queryClient}>
      <UIProvider isAuthorized={isAuthorized}>
        {children}
        <Toasts />
      </UIProvider>
    </QueryClientProvider>
  );
}
