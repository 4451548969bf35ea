// Types for src/proxy.ts and src/lib/api/client.ts, which share the request id rule with server.mjs.
export const REQUEST_ID_HEADER: 'x-request-id';
export function requestIdFrom(incoming: string | string[] | null | undefined): string;
