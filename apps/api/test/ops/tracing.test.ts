import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing, tracingIsOn } from '../../src/telemetry/tracing.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { captureLog, loggingApp } from './log-capture.ts';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number | string } }>;
}

/** An OTLP/HTTP receiver on loopback: keeps the spans of every POST /v1/traces (the JSON encoding). */
async function startReceiver(): Promise<{ url: string; spans: OtlpSpan[]; close(): Promise<void> }> {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{ resource: unknown; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
        };
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const attribute = (span: OtlpSpan | undefined, key: string) => span?.attributes.find((entry) => entry.key === key)?.value;

/** Issue 19, finding 10: no tracing. With OTEL_EXPORTER_OTLP_ENDPOINT set, each request is a span exported over OTLP. */
describe('tracing', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let ctx: TestContext;
  let tracing: Tracing | undefined;

  beforeAll(async () => {
    receiver = await startReceiver();
    ctx = await createTestContext('pglite', {}, { fixtures: false });
  });
  afterAll(async () => {
    await tracing?.shutdown();
    await ctx?.close();
    await receiver?.close();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  });

  it('is off, loading nothing, when no endpoint is set', async () => {
    expect(await startTracing(undefined)).toBeUndefined();
    expect(tracingIsOn()).toBe(false);
  });

  it("exports a span per request, continues the caller's trace, and puts trace ids in the log lines", async () => {
    // As server.ts does: the exporter reads the endpoint from the environment, config.ts has checked it.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    tracing = await startTracing({ serviceName: 'kaarigar-api-test' });
    expect(tracingIsOn()).toBe(true);

    const log = captureLog();
    const app = await loggingApp(ctx, log);
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const response = await app.inject({
        method: 'GET',
        url: '/api/product/brass-lamp?token=abc123',
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      });
      expect(response.statusCode).toBe(404);
      await app.inject({ method: 'GET', url: '/api/health/ready' });
      await tracing?.shutdown();
      tracing = undefined;

      const request = receiver.spans.find((span) => span.name === 'request' && span.traceId === traceId);
      expect(request, JSON.stringify(receiver.spans.map((span) => span.name))).toBeDefined();
      expect(request?.parentSpanId).toBe('00f067aa0ba902b7');
      expect(attribute(request, 'http.route')?.stringValue).toBe('/api/product/:slug');
      expect(attribute(request, 'url.path')?.stringValue).toBe('/api/product/brass-lamp?token=[redacted]');
      expect(JSON.stringify(receiver.spans)).not.toContain('abc123');
      // Health probes are not traced.
      expect(receiver.spans.some((span) => JSON.stringify(span.attributes).includes('/api/health'))).toBe(false);

      const line = log.lines.find((entry) => entry.msg === 'request completed' && String(entry.url).startsWith('/api/product/'));
      expect(line).toMatchObject({ trace_id: traceId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
    } finally {
      await app.close();
    }
  });
});
