import { redactUrl } from './redact.ts';

/**
 * OpenTelemetry tracing (decision 054), on only when OTEL_EXPORTER_OTLP_ENDPOINT is set: one span per request (and its
 * hooks and handler) from @fastify/otel, exported over OTLP/HTTP to `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces` (the
 * exporter reads the standard OTEL_EXPORTER_OTLP_* variables itself, headers included). Unset, nothing here is even
 * imported: no SDK, no hooks, no cost.
 *
 * @fastify/otel hooks into every Fastify instance through Fastify's `fastify.initialization` diagnostics channel, so
 * the SDK has to start before the app is built (server.ts starts it first), not before modules are imported. An
 * incoming `traceparent` header continues the caller's trace.
 */

export interface Tracing {
  /** Exports the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

let started = false;

/** Whether tracing started in this process: the logger adds trace and span ids to lines then. */
export function tracingIsOn(): boolean {
  return started;
}

const isHealthProbe = (url: string) => url === '/api/health' || url.startsWith('/api/health/') || url.startsWith('/api/health?');

export async function startTracing(settings: { serviceName: string } | undefined): Promise<Tracing | undefined> {
  if (!settings) return undefined;
  const [{ NodeSDK }, { OTLPTraceExporter }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@fastify/otel'),
  ]);
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    traceExporter: new OTLPTraceExporter(),
    // Metrics are Prometheus's (GET /metrics) and logs are pino's: the SDK sets up neither.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // Probes every few seconds would be most of the traces and say nothing.
        ignorePaths: (route) => isHealthProbe(route.url),
        // The instrumentation records the raw URL; a magic link's token must not reach the trace store.
        requestHook: (span, request) => {
          span.setAttribute('url.path', redactUrl(request.url));
        },
      }),
    ],
  });
  sdk.start();
  started = true;
  return {
    async shutdown() {
      await sdk.shutdown();
      started = false;
    },
  };
}
