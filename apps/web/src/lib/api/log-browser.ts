/**
 * Spec §8: POST /api/log with `{ message, stack }`. Sent with keepalive, so it still goes when the failure is followed
 * by the page going away; a failure to log is ignored (there is nowhere left to report it). A plain fetch, not
 * `browserApi`: the error boundaries that call this load on every page, and the log needs no token, refusal parsing
 * or answer checking, so that code stays out of every page's first-load scripts (decision 115).
 */
export function sendClientError(report: { message: string; stack: string }): void {
  try {
    fetch('/api/log', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // fetch itself threw (a very old browser or a blocked request): nothing to report it with.
  }
}
