import { sendClientError } from '@lib/api/log-browser';

/** Errors already sent, so a re-render (or React's double effects in development) posts each only once. */
const reported = new WeakSet<Error>();

/** Spec §8: a render failure is posted to /api/log as { message, stack }. Failures to log are ignored. */
export function reportError(error: Error): void {
  if (reported.has(error)) return;
  reported.add(error);
  // In production a server render error arrives redacted; its digest ties it to the server log.
  const digest = (error as Error & { digest?: string }).digest;
  const message = String(error.message || error.name || 'Unknown error') + (digest ? ` (digest ${digest})` : '');
  sendClientError({
    message: message.slice(0, 2000),
    stack: String(error.stack ?? '').slice(0, 8000),
  });
}
