import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';

/**
 * Verifies the 60-minute access tokens (`Authorization: Bearer <JWT>`) against the shop's own public keys.
 * The key set is read once from better-auth (the jwks table) and kept in memory; a token signed with a key
 * we have not seen yet (another process created or rotated one) triggers one refresh, at most every 2 s.
 *
 * A verified token's claims are kept (per process, by the token itself) until the token expires: checking an EdDSA
 * signature was about a fifth of the API's CPU time per signed-in request, and a token's signature and claims cannot
 * change. A token is only ever remembered after it verified, and forgotten when it expires, so the answer is the same
 * as verifying again (which a cache miss, e.g. in another process, does). Whether the token's session still lives
 * (sign-out, a password change) and who its user is NOW (a ban, a role change, a deleted account) is not in the
 * claims: the caller reads that from the database on every request (request-user.ts loadSessionUser).
 */

interface AccessTokenClaims extends JWTPayload {
  sub: string;
  /** The session the token was issued for (decision 049): the token is honoured only while that session lives. */
  sid?: string;
  name?: string;
  email?: string;
  phone_number?: string;
  role?: string;
}

const REFRESH_AT_MOST_EVERY_MS = 2_000;
/** Tokens remembered per process: ~1 kB each, so at most a few MB; the least recently used go first. */
const REMEMBERED_TOKENS = 10_000;

/** Milliseconds the verified claims may be remembered: until `exp` (no `exp`, or a future `nbf`: not at all). */
function rememberFor(claims: AccessTokenClaims, now = Date.now()): number {
  if (typeof claims.exp !== 'number' || (typeof claims.nbf === 'number' && claims.nbf * 1000 > now)) return 0;
  return claims.exp * 1000 - now;
}

export function createAccessTokenVerifier(options: { issuer: string; audience: string; loadKeys: () => Promise<JSONWebKeySet> }) {
  let keys: ReturnType<typeof createLocalJWKSet> | undefined;
  let loadedAt = 0;
  let loading: Promise<void> | undefined;

  function refresh(): Promise<void> {
    loading ??= options
      .loadKeys()
      .then((set) => {
        keys = createLocalJWKSet(set);
        loadedAt = Date.now();
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  async function verifyWith(token: string) {
    if (!keys) await refresh();
    return jwtVerify<AccessTokenClaims>(token, keys as ReturnType<typeof createLocalJWKSet>, {
      issuer: options.issuer,
      audience: options.audience,
    });
  }

  const verified = new LRUCache<string, AccessTokenClaims>({ max: REMEMBERED_TOKENS });

  function remember(token: string, claims: AccessTokenClaims): AccessTokenClaims | null {
    if (typeof claims.sub !== 'string') return null;
    const ttl = rememberFor(claims);
    if (ttl > 0) verified.set(token, claims, { ttl });
    return claims;
  }

  /** The claims of a valid token, or null for anything else (expired, tampered, unknown key, not a JWT). */
  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
    const known = verified.get(token);
    // The cache's ttl is the token's lifetime; the check here is to the millisecond, like jose's.
    if (known !== undefined && rememberFor(known) > 0) return known;
    try {
      const { payload } = await verifyWith(token);
      return remember(token, payload);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey && Date.now() - loadedAt > REFRESH_AT_MOST_EVERY_MS) {
        try {
          await refresh();
          const { payload } = await verifyWith(token);
          return remember(token, payload);
        } catch {
          return null;
        }
      }
      return null;
    }
  };
}
