/**
 * Where browser API calls get the bearer token from (spec §4: "the bearer token is put on all
 * requests"). The session module (modules/auth/session) registers the source; until then, and for
 * anonymous visitors, there is none.
 */
type TokenSource = (options: { signedIn: boolean }) => Promise<string | null>;

let source: TokenSource = () => Promise.resolve(null);

export function setAccessTokenSource(next: TokenSource): void {
  source = next;
}

/**
 * The token for a call. `signedIn: true` is for calls that only make sense signed in (account
 * pages): the token is loaded first if the page has not done so yet.
 */
export function currentAccessToken(options: { signedIn: boolean }): Promise<string | null> {
  return source(options);
}
