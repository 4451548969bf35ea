import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify, type JWTPayload } from 'jose';

/**
 * Verifies the 60-minute access tokens (`Authorization: Bearer <JWT>`) against the shop's own public keys.
 * The key set is read once from better-auth (the jwks table) and kept in memory; a token signed with a key
 * we have not seen yet (another process created or rotated one) triggers one refresh, at most every 2 s.
 */

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  name?: string;
  email?: string;
  phone_number?: string;
  role?: string;
}

const REFRESH_AT_MOST_EVERY_MS = 2_000;

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

  /** The claims of a valid token, or null for anything else (expired, tampered, unknown key, not a JWT). */
  return async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await verifyWith(token);
      return typeof payload.sub === 'string' ? payload : null;
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey && Date.now() - loadedAt > REFRESH_AT_MOST_EVERY_MS) {
        try {
          await refresh();
          const { payload } = await verifyWith(token);
          return typeof payload.sub === 'string' ? payload : null;
        } catch {
          return null;
        }
      }
      return null;
    }
  };
}
