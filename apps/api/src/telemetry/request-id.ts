import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a caller (the storefront, a load balancer) may send its request id in, and that every answer carries. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id we take from a caller: short, and of characters that cannot forge a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is sane, so one id follows a request from the storefront
 * (or a proxy) into this API's log and the 500 answer's `requestId`; otherwise a fresh UUID, unique across processes
 * and restarts (Fastify's own ids are a per-process counter: "req-1" in every process).
 */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}
