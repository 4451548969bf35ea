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
 * @sentry/node is imported only then. It sets up no tracing or instrumentation of its own (OpenTelemetry is ours,
 * telemetry/tracing.ts): the one error handler is the only source of request errors, so a refusal is never reported.
 * No personal data is sent: no cookies, headers, bodies or IP addresses; the URL is redacted like the log's.
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
    // Only what reports errors: no auto-instrumentation of Fastify or http, which would report every error a second
    // time on its own (refusals included) with the raw URL and request headers attached.
    defaultIntegrations: false,
    integrations: [
      Sentry.inboundFiltersIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.contextLinesIntegration(),
      Sentry.nodeContextIntegration(),
      // A crash outside any request is worth a report too; the process still exits as it would have.
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration(),
    ],
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
