import { redactUrl } from './redact.ts';

/** What the error handler tells a reporter about a 5xx besides the error: enough to find its log line. */
export interface ErrorContext {
  requestId: string;
  method: string;
  /** Redacted (telemetry/redact.ts). */
  url: string;
  /** The route pattern, when a route matched. */
  route: string | undefined;
  statusCode: number;
}

/** Called by the one error handler for every 5xx answer, never for a refusal; must not throw (its errors are logged). */
export type ErrorReporter = (error: unknown, context: ErrorContext) => void;

export interface ErrorReporting {
  report: ErrorReporter;
  /** Sends what is queued (before the process exits). */
  flush(): Promise<void>;
}

/**
 * Error reporting to a Sentry-compatible service (Sentry, GlitchTip, Bugsink…) when SENTRY_DSN is set (decision 054).
 * @sentry/node is imported only then. It sets up no tracing of its own (OpenTelemetry is ours, telemetry/tracing.ts)
 * and sends no personal data: no cookies, headers, bodies or IP addresses; the URL is redacted like the log's.
 */
export async function startErrorReporting(settings: { dsn: string; environment: string; release?: string }): Promise<ErrorReporting> {
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    sendDefaultPii: false,
    skipOpenTelemetrySetup: true,
    tracesSampleRate: 0,
    beforeSend(event) {
      if (event.request) event.request = { method: event.request.method, url: event.request.url ? redactUrl(event.request.url) : undefined };
      delete event.user;
      return event;
    },
  });
  return {
    report(error, context) {
      Sentry.withScope((scope) => {
        scope.setTag('request_id', context.requestId);
        scope.setTag('status_code', String(context.statusCode));
        if (context.route) scope.setTag('route', context.route);
        scope.setContext('request', { method: context.method, url: context.url, requestId: context.requestId });
        Sentry.captureException(error);
      });
    },
    async flush() {
      await Sentry.flush(2_000);
    },
  };
}
