/**
 * React Query defaults of spec §4 and §9: no refetch on window focus, one retry, 5-minute cache,
 * retry delay doubling from 1 s up to 30 s. A plain object so it is tested without React.
 */
const queryGcTime = 5 * 60 * 1000;

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

export const queryDefaults = {
  queries: {
    refetchOnWindowFocus: false,
    retry: 1,
    gcTime: queryGcTime,
    retryDelay,
  },
} as const;
