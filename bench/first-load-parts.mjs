// Where a page's first-load JavaScript comes from, and whether bench/routes.mjs's count is what a browser fetches
// (decision 122). For each page: the scripts its HTML lists (counted as bench/lib/page-weight.mjs counts them, gzip of
// each whole file), split into Next's `rootMainFiles` (the framework, loaded by every page) and the rest, with the
// layouts and pages whose entry chunks name each file; then Chromium loads the page and waits 6 s without
// interaction, and every script it fetched that the HTML did not list is printed with its size.
// Usage: start the shop (npm start), then
//   node bench/first-load-parts.mjs [http://localhost:3000] [apps/web/.next] [/product/slug /terms …]
// The folder is the build the server runs (its NEXT_DIST_DIR); without pages, the product and category pages that
// the other benchmarks measure, the home page and /terms.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { kB } from './lib/page-weight.mjs';
import { samplePages } from './lib/sample-pages.mjs';

const [base = 'http://localhost:3000', distDir = fileURLToPath(new URL('../apps/web/.next', import.meta.url)), ...given] = process.argv.slice(2);

const rootMainFiles = new Set(JSON.parse(readFileSync(join(distDir, 'build-manifest.json'), 'utf8')).rootMainFiles ?? []);
/** Chunk file → the layouts and pages whose entry chunks list it (from each route's client reference manifest). */
const owners = new Map();
const appDir = join(distDir, 'server', 'app');
for (const name of readdirSync(appDir, { recursive: true })) {
  if (!name.endsWith('_client-reference-manifest.js')) continue;
  const sandbox = {};
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(join(appDir, name), 'utf8'), sandbox);
  for (const manifest of Object.values(sandbox.__RSC_MANIFEST ?? {})) {
    for (const [entry, chunks] of Object.entries(manifest.entryJSFiles ?? {})) {
      const label = entry.replace(/^.*\/src\/app\//, 'app/');
      for (const chunk of chunks) owners.set(decodeURI(chunk), (owners.get(decodeURI(chunk)) ?? new Set()).add(label));
    }
  }
}

async function bytesOf(url) {
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

let paths = given;
if (!paths.length) {
  const { categorySlug, productSlug } = await samplePages(base);
  paths = [`/product/${productSlug}`, `/category/${categorySlug}`, '/', '/terms'];
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const path of paths) {
    const html = await (await fetch(base + path)).text();
    // The same selection as page-weight.mjs: every script with a src, the noModule polyfills left out.
    const tags = [...html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"[^>]*>/g)].filter((m) => !/nomodule/i.test(m[0]));
    const listed = [...new Set(tags.map((m) => new URL(m[1], base).href))];
    let framework = 0;
    let rest = 0;
    let brotli = 0;
    const rows = [];
    for (const url of listed) {
      const body = await bytesOf(url);
      const gzip = gzipSync(body).length;
      brotli += brotliCompressSync(body).length;
      const file = decodeURI(new URL(url).pathname.replace(/^\/_next\//, ''));
      const isFramework = rootMainFiles.has(file);
      if (isFramework) framework += gzip;
      else rest += gzip;
      const names = [...(owners.get(file) ?? ['?'])];
      const owner = isFramework ? 'framework (rootMainFiles)' : names.slice(0, 4).join(', ') + (names.length > 4 ? ` and ${names.length - 4} more` : '');
      rows.push(`  ${kB(gzip).padStart(8)}  ${file}  ${owner}`);
    }
    console.log(`\n${path}: ${kB(framework + rest)} gzip in ${listed.length} files: framework ${kB(framework)}, the rest ${kB(rest)}; Brotli ${kB(brotli)}`);
    console.log(rows.join('\n'));

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const fetched = new Set();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.add(request.url());
    });
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForTimeout(6_000);
    await context.close();
    const unlisted = [...fetched].filter((url) => !listed.includes(url));
    let missed = 0;
    for (const url of unlisted) missed += gzipSync(await bytesOf(url)).length;
    console.log(
      `  Chromium fetched ${fetched.size} scripts; ${unlisted.length} not in the HTML (${kB(missed)} gzip)${unlisted.map((url) => `\n    ${url}`).join('')}`,
    );
  }
} finally {
  await browser.close();
}
