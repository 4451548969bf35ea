/**
 * The signed-in user as spec §3 describes it (name, email, mobile, token), read from the access
 * token's claims. The browser only reads the claims to show who is signed in; the API verifies the
 * signature on every call, so nothing here is trusted for access decisions.
 */
interface TokenClaims {
  sub: string;
  exp: number;
  name?: string;
  email?: string;
  phone_number?: string;
  role?: string;
}

export interface SignedInUser {
  id: string;
  name: string;
  email: string | null;
  mobile: string | null;
  role: string;
  token: string;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, or null when it is not a well-formed token with `sub` and `exp`. */
export function decodeClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1])) as Partial<TokenClaims>;
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    return payload as TokenClaims;
  } catch {
    return null;
  }
}

export function userFromToken(token: string): SignedInUser | null {
  const claims = decodeClaims(token);
  if (!claims) return null;
  return {
    id: claims.sub,
    name: claims.name ?? '',
    email: claims.email ?? null,
    mobile: claims.phone_number ?? null,
    role: claims.role ?? 'customer',
    token,
  };
}
