import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { precompressDirectory } from './server/precompressed-static.mjs';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

/**
 * V8's explicit compile hint (Chrome 136+): every function in a file that starts with this comment is compiled while
 * the file streams in, on a background thread, instead of on the main thread the first time it is called.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the scripts every page loads first (Next's and React's runtime, the root layout's and each page's entry
 * chunks) with the compile hint. Without it, most of the framework's start-up task at Lighthouse's 4x slowdown was
 * lazy compilation on the main thread (decision 027). Chunks loaded later (overlays, forms) are left lazy.
 */
async function addCompileHints({ distDir }: { distDir: string }) {
  const manifest = JSON.parse(await readFile(join(distDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles?: string[] };
  const files = new Set<string>(manifest.rootMainFiles ?? []);
  const appDir = join(distDir, 'server', 'app');
  for (const name of await readdir(appDir, { recursive: true })) {
    if (!name.endsWith('_client-reference-manifest.js')) continue;
    // Each manifest is a script that assigns globalThis.__RSC_MANIFEST[route]; entryJSFiles lists the chunks the route's
    // layouts and page load up front.
    const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
    sandbox.globalThis = sandbox;
    runInNewContext(await readFile(join(appDir, name), 'utf8'), sandbox);
    for (const manifest of Object.values(sandbox.__RSC_MANIFEST ?? {})) {
      for (const chunks of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of chunks) files.add(chunk);
    }
  }
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const path = join(distDir, file);
    const code = await readFile(path, 'utf8');
    if (!code.startsWith(COMPILE_HINT)) await writeFile(path, COMPILE_HINT + code);
  }
}

/**
 * After the compiler: the compile hints first (they change the scripts), then a Brotli and a gzip copy of every static
 * text file, which server.mjs sends instead of compressing on each request (decision 034).
 */
async function afterProductionCompile({ distDir }: { distDir: string }) {
  await addCompileHints({ distDir });
  await precompressDirectory(join(distDir, 'static'));
}

const config: NextConfig = {
  // Lets a second build or dev server run beside `npm start` without sharing its output folder.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  // The shared packages ship TypeScript source; Next compiles them with the app.
  transpilePackages: ['@shop/domain'],
  poweredByHeader: false,
  compiler: { runAfterProductionCompile: afterProductionCompile },
  // Preload hints (fonts, the largest image) go into the HTML's <head>, not a Link header: React's client replays the
  // same hints while hydrating and inserts any <link> it cannot find in the document, a DOM change mid-hydration that
  // restyles the page and, under a profiler or Lighthouse, records a deep stack trace (decision 033).
  reactMaxHeadersLength: 0,
  reactStrictMode: true,
  experimental: {
    // Under `next dev`, src/proxy.ts forwards /api/* and Next buffers what it forwards, cutting bodies at this size
    // (10 MB by default; `npm start`'s server.mjs streams them instead, decision 045). One photo may be 10 MiB (issue 5)
    // plus the multipart framing; the dialog never sends more than 9.5 MiB a request, and the API refuses anything
    // larger with a clear 413, so this only has to let one photo through whole.
    proxyClientMaxBodySize: '11mb',
  },
  images: {
    // Spec §9, word for word.
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    formats: ['image/webp'],
    minimumCacheTTL: 60,
    // Catalogue images are served by the API under /api/media and reach the optimiser through src/proxy.ts.
    localPatterns: [{ pathname: '/api/media/**' }],
  },
};

export default withNextIntl(config);
