'use client';

import { QueryClient, QueryClientProvider, isServer } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { queryDefaults } from '@lib/query/defaults';

let browserClient: QueryClient | undefined;

/**
 * One QueryClient per browser tab, shared by every subtree that provides it (the modal host, the sign-in pages, the
 * account pages), so the cache survives moving between them and `clear()` after a sign-in or sign-out empties all of
 * it. On the server each render gets its own, so visitors never share cached data.
 */
function getQueryClient(): QueryClient {
  if (isServer) return new QueryClient({ defaultOptions: queryDefaults });
  browserClient ??= new QueryClient({ defaultOptions: queryDefaults });
  return browserClient;
}

/**
 * Client data fetching (TanStack Query, spec §4 defaults) for the parts that use it. Provided around those subtrees
 * rather than the whole app, so pages that never fetch on the client do not load it (decision 018).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
