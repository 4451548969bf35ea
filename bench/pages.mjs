// Page-speed benchmark: Lighthouse (mobile defaults) with Debian's Chromium on a running shop, plus the first-load
// JavaScript (gzip) of each page. Usage: start the shop (npm start), then: node bench/pages.mjs [http://localhost:3000]
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const base = process.argv[2] ?? process.env.SHOP_URL ?? 'http://localhost:3000';
const categories = (await (await fetch(`${base}/api/categories/featured`)).json()).data ?? [];
const product = (await (await fetch(`${base}/api/products?limit=1&sort=popularity`)).json()).data[0];
const pages = [
  ['/', '/'],
  ['category page', `/category/${categories[0]?.slug ?? 'lamps'}`],
  ['product page', `/product/${product.slug}`],
];

/**
 * Sums the gzip size of every script a modern browser loads on first load. `noModule` scripts (the legacy
 * polyfills) are skipped: browsers that run modules never fetch them.
 */
async function firstLoadJs(path) {
  const html = await (await fetch(base + path)).text();
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+\.js[^"]*)"[^>]*>/g)].filter((m) => !/nomodule/i.test(m[0]));
  const scripts = [...new Set(tags.map((m) => m[1]))];
  let bytes = 0;
  for (const src of scripts) bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer())).length;
  return { bytes, count: scripts.length };
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  console.log('| page | performance | LCP ms | CLS | TBT ms | first-load JS (gzip) |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, path] of pages) {
    await fetch(base + path); // warm the server's caches; Lighthouse measures the page, not a cold start
    // Lighthouse varies from run to run; the median of RUNS runs (by performance score) is reported.
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push((await lighthouse(base + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })).lhr);
    }
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor(runs.length / 2)];
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const js = await firstLoadJs(path);
    console.log(
      `| ${name} (${path}) | ${Math.round(lhr.categories.performance.score * 100)} (runs: ${runs.map((r) => Math.round(r.categories.performance.score * 100)).join(', ')}) | ${Math.round(audit('largest-contentful-paint'))} | ${audit('cumulative-layout-shift').toFixed(3)} | ${Math.round(audit('total-blocking-time'))} | ${(js.bytes / 1024).toFixed(1)} kB in ${js.count} files |`,
    );
  }
} finally {
  await chrome.kill();
}
