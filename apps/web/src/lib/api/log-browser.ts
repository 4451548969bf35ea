import { browserApi } from './browser-client';

/**
 * Spec §8: POST /api/log with `{ message, stack }`. Sent with keepalive, so it still goes when the failure is followed
 * by the page going away; a failure to log is ignored (there is nowhere left to report it).
 */
export function sendClientError(report: { message: string; stack: string }): void {
  browserApi('/api/log', { method: 'POST', body: report, keepalive: true }).catch(() => {});
}
