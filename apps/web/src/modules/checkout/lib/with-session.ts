/**
 * Runs a signed-in API call once the session module is loaded: it registers the source of the bearer token (and
 * brings the identity client with it). Loaded on the first call rather than with the page, so checkout's first load
 * stays small; the header loads the same chunk for a signed-in visitor anyway.
 */
export async function withSession<T>(call: () => Promise<T>): Promise<T> {
  await import('@modules/auth/session/session');
  return call();
}
