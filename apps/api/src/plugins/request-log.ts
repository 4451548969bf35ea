import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../telemetry/request-id.ts';

/** Load balancers and supervisors poll these every few seconds: a line each would bury the shop's own traffic. */
export function isHealthProbe(request: { url: string }): boolean {
  const { url } = request;
  return url === '/api/health' || url.startsWith('/api/health/') || url.startsWith('/api/health?');
}

/**
 * One log line per request (issue 19) instead of Fastify's two ("incoming request", "request completed"), written when
 * the answer has gone: method, redacted URL, status, duration in milliseconds, and the request id (pino's `reqId`,
 * from the request's child logger). Health probes write none. Fastify's own per-request lines for errors it handles
 * itself are skipped for probes too (`isLogDisabled`).
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: isHealthProbe });
  }

  override incomingRequest(): void {
    // The completion line says everything; a request that never completes is in the server's own error log.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      // Redacted by the logger itself (telemetry/redact.ts: a `url` field keeps only what is not secret).
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    // An error here is the response stream's own (a client that went away mid-answer), not a handler's.
    if (error) reply.log.warn({ ...line, err: error }, 'request completed with a stream error');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Every answer carries the request id as `x-request-id` (even a 404 or a 429), so a caller can quote it; a 500's body
 * says the same id as `requestId`, and the log line names it as `reqId`.
 */
export const requestIdHeaderPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function requestIdHeader(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id-header' },
);
