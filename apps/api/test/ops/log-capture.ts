import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import type { TestContext } from '../helpers.ts';

export const SITE = 'http://localhost:3000';

/** One parsed log line, as pino wrote it. */
export type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

/** A pino destination that keeps every line: `text` is exactly what would have reached stdout. */
export function captureLog() {
  const chunks: string[] = [];
  // A real stream: pino writes lines to it, pino-pretty pipes into it.
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return {
    destination,
    get text() {
      return chunks.join('');
    },
    get lines(): LogLine[] {
      return chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine);
    },
    clear() {
      chunks.length = 0;
    },
  };
}

/** An app on the test context's database that logs at info into `log` (JSON lines, as in production). */
export async function loggingApp(
  ctx: Pick<TestContext, 'handle' | 'mediaDir'>,
  log: ReturnType<typeof captureLog>,
  options: Omit<Partial<BuildAppOptions>, 'config'> & { config?: Partial<BuildAppOptions['config']> } = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const app = await buildApp({
    ...options,
    config: {
      mediaDir: ctx.mediaDir,
      redisUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
      responseCacheSeconds: 0,
      siteUrl: SITE,
      authSecret: 'test-secret-'.padEnd(40, 'x'),
      ...options.config,
    },
    db: ctx.handle,
    logDestination: log.destination,
    outboxWorker: options.outboxWorker ?? false,
  });
  beforeReady?.(app);
  await app.ready();
  return app;
}
