/** Where the API listens, as seen from the storefront's server. */
export function apiOrigin(): string {
  return process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;
}
