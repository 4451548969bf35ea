import { trace } from '@opentelemetry/api';
import type { FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import { redactFields, redactUrl } from './redact.ts';

/** LOG_FORMAT: `auto` is pretty lines on a terminal and JSON lines otherwise (a file, a pipe, a log collector). */
export type LogFormat = 'auto' | 'json' | 'pretty';

/** A writable pino destination: process.stdout by default, a capturing stream in tests. */
export interface LogDestination {
  write(line: string): unknown;
}

export interface LoggerSettings {
  level: string;
  format?: LogFormat;
  /** Where lines go; stdout when absent. */
  destination?: LogDestination;
  /** Add the active span's trace and span ids to every line (only when tracing is on: telemetry/tracing.ts). */
  traceIds?: boolean;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined> & Record<string, unknown>;

/** The request as a log line shows it, wherever a `req` is logged: method and a URL without secrets. */
function serializeRequest(request: { method?: string; url?: string }) {
  return { method: request.method, url: redactUrl(request.url ?? '') };
}

/** The OpenTelemetry ids of the active span, named as OpenTelemetry's log data model names them. */
function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}`.slice(-2) };
}

/**
 * Fastify's pino options (issue 19): redaction of secrets and personal data, the request serializer that redacts URLs,
 * trace ids when tracing is on, and pretty lines when a person is watching the terminal.
 */
export function loggerOptions(settings: LoggerSettings): LoggerOptions {
  const pretty = settings.format === 'pretty' || (settings.format !== 'json' && !settings.destination && process.stdout.isTTY === true);
  const options: LoggerOptions = {
    level: settings.level,
    formatters: { log: (object: Record<string, unknown>) => redactFields(object) },
    serializers: { req: serializeRequest },
  };
  if (settings.traceIds) options.mixin = traceFields;
  if (pretty) {
    options.stream = pinoPretty({
      colorize: settings.destination ? false : undefined,
      translateTime: 'HH:MM:ss.l',
      ignore: 'pid,hostname',
      destination: (settings.destination ?? process.stdout) as NodeJS.WritableStream,
      sync: true,
    });
  } else if (settings.destination) {
    options.stream = settings.destination;
  }
  return options;
}
