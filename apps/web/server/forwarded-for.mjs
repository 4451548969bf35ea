// @ts-check
/**
 * The storefront forwards every /api/* request to the API, so the API sees the storefront's address, not the shopper's.
 * Like any well-behaved proxy, the storefront appends the address it saw to X-Forwarded-For: the API trusts the
 * storefront (TRUST_PROXY), takes that last entry as the client, and ignores anything a client wrote before it.
 * Without this, Next.js passes a client's own X-Forwarded-For through untouched, so a forged header would pick the
 * address the API's per-address limits count (docs/decisions/016).
 */

/** '::ffff:203.0.113.7' (an IPv4 client on a dual-stack socket) is the IPv4 address 203.0.113.7. */
export function normaliseAddress(address) {
  if (!address) return undefined;
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

/**
 * The X-Forwarded-For header to send on: what came in (if anything), then the peer's own address.
 * @param {string | string[] | undefined} incoming
 * @param {string | undefined} peerAddress
 * @returns {string | undefined}
 */
export function appendForwardedFor(incoming, peerAddress) {
  const prior = (Array.isArray(incoming) ? incoming.join(', ') : (incoming ?? '')).trim();
  const peer = normaliseAddress(peerAddress);
  if (!peer) return prior || undefined;
  return prior ? `${prior}, ${peer}` : peer;
}
