// @ts-check
/**
 * One id per request, shared by the storefront's and the API's logs: a load balancer's or a client's `x-request-id`
 * is kept when it is a sane token, otherwise the storefront makes a UUID. server.mjs sets it on every request before
 * Next.js or the API forwarder sees it and returns it on the response; src/proxy.ts does the same under `next dev`;
 * serverApi passes it to the API on the calls a page makes while rendering (docs/decisions/045).
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits, dot, underscore and hyphen, at most 128: no spaces, quotes or line breaks to forge a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request id to use: the incoming one when it is sane (the first, if a client sent the header twice), else a
 * new UUID.
 * @param {string | string[] | null | undefined} incoming
 * @returns {string}
 */
export function requestIdFrom(incoming) {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_REQUEST_ID.test(value) ? value : globalThis.crypto.randomUUID();
}
