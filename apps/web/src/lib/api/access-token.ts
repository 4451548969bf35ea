/**
 * Where browser API calls get the bearer token from (spec §4: "the bearer token is put on all
 * requests"). The session module (modules/auth/session) registers the source; until then, and for
 * anonymous visitors, there is none.
 */
type TokenSource = () => Promise<string | null>;

let source: TokenSource = async () => null;

export function setAccessTokenSource(next: TokenSource): void {
  source = next;
}

export function currentAccessToken(): Promise<string | null> {
  return source();
}
