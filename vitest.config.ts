import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const web = (path: string) => fileURLToPath(new URL(`./apps/web/src/${path}`, import.meta.url));

const setupFiles = ['./test/fail-on-console-error.ts'];
const tracingTests = ['apps/api/test/ops/tracing.test.ts'];

export default defineConfig({
  test: {
    // One test file more than there are cores (vitest's own default is one fewer): the API files spend most of their
    // time waiting on PostgreSQL, PGlite, timers and child processes. On 2 cores the unit and API pass fell from 373 s
    // (1 file at a time) to 242 s (3 at a time). The browser tests still run one file at a time (below).
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], setupFiles, isolate: false } },
      { test: { name: 'db', include: ['packages/db/src/**/*.test.ts'], setupFiles, testTimeout: 60_000, hookTimeout: 120_000, isolate: false } },
      {
        test: {
          name: 'api',
          // scripts/: npm start's supervisor, tested with real child processes like the API's server tests.
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: [...tracingTests, '**/node_modules/**'],
          setupFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A worker imports the API once and runs file after file in it (decision 123, shared again since decision 125
          // gave each PDF its own glyph objects): on 2 cores the unit pass's summed import time fell from 1,482 s to
          // 90 s and its wall time from 1,931 s to 718 s. A file here must leave no module state behind (no vi.mock, no
          // environment read at import).
          isolate: false,
        },
      },
      {
        // OpenTelemetry's instrumentations patch Fastify and node:http for the rest of the process they start in (a
        // later file's hooks arrive wrapped), so the tracing tests keep a process of their own.
        test: { name: 'api-tracing', include: tracingTests, setupFiles, testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        // Pure logic of the storefront (UI state, query defaults); pages are covered by the browser tests. Isolated: its
        // files mock next/headers each their own way (vi.mock).
        resolve: { alias: { '@modules': web('modules'), '@lib': web('lib'), '@': web('') } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/server/**/*.test.mjs'], setupFiles },
      },
      {
        // The shop laid out as in production (two API and two storefront processes behind nginx, PostgreSQL, Redis,
        // an S3 test server): one file that starts its own cluster, after the storefront is built (decision 105).
        test: { name: 'scale', include: ['scripts/scale-out/**/*.scale.mjs'], setupFiles, testTimeout: 120_000, hookTimeout: 300_000 },
      },
      {
        // Browser tests share one running shop (started by scripts/test.mjs), so they run one file at a time.
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          setupFiles,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
