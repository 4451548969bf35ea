// Page-cache benchmark (issue 23, decision 095): catalogue pages served from the storefront's page cache, a cache
// miss, and how long a staff price change takes to show under load, each beside a bare node:http hello-world measured
// in the same run. Usage: start the shop (npm start), then
//   node bench/page-cache.mjs [http://localhost:3000]
// BENCH_EMAIL / BENCH_PASSWORD (an admin, `npm run create-admin`) add the price-change row. BENCH_SECONDS (10) sets
// the length of each throughput run. Requests ask for no compression, as the API benchmarks do; the gzip rows ask
// for it, as every browser and CDN does (the uncompressed rows move ~100 MB/s through the load generator on 2 cores,
// which bounds them by the page's size).
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { runLoad } from './lib/steady-rate.mjs';
import { samplePages } from './lib/sample-pages.mjs';

const base = process.argv[2] ?? process.env.SHOP_URL ?? 'http://localhost:3000';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const { categorySlug, productSlug } = await samplePages(base);

const hello = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('hello world');
});
await new Promise((resolve) => hello.listen(0, '127.0.0.1', resolve));
const helloUrl = `http://127.0.0.1:${hello.address().port}/`;

const rows = [];
const load = () => loadavg()[0].toFixed(2);

async function run(name, options) {
  const before = load();
  const result = await runLoad({ duration, connections: 20, ...options });
  const { latency, requests } = result;
  rows.push({ name, rps: Math.round(requests.average), p50: latency.p50, p99: latency.p99, bad: result.non2xx + result.errors, load: `${before} → ${load()}` });
  return result;
}

/** Warms a page into the cache and checks that it is cached. */
async function warm(path) {
  await fetch(base + path);
  const answer = await fetch(base + path);
  if (answer.headers.get('x-page-cache') !== 'hit')
    throw new Error(`${path} is not served from the page cache (x-page-cache: ${answer.headers.get('x-page-cache')})`);
}

await run('hello-world, max (before)', { url: helloUrl });
const product = `/product/${productSlug}`;
const category = `/category/${categorySlug}`;
await warm(product);
await warm(category);
await run(`product page from cache, max`, { url: base + product });
await run(`category page from cache, max`, { url: base + category });
await run(`product page from cache, gzip, max`, { url: base + product, headers: { 'accept-encoding': 'gzip' } });
await run(`category page from cache, gzip, max`, { url: base + category, headers: { 'accept-encoding': 'gzip' } });
await run(`product page from cache at 200 pages/s`, { url: base + product, connections: 10, overallRate: 200 });
await run(`category page from cache at 200 pages/s, gzip`, {
  url: base + category,
  connections: 10,
  overallRate: 200,
  headers: { 'accept-encoding': 'gzip' },
});

// Misses: products never asked for yet in this run, one after another (a cold page, not a queue).
const list = await (await fetch(`${base}/api/products?limit=40&page=2`)).json();
const missTimes = [];
for (const { slug } of list.data) {
  const started = performance.now();
  const answer = await fetch(`${base}/product/${slug}`);
  await answer.arrayBuffer();
  if (answer.headers.get('x-page-cache') === 'miss') missTimes.push(performance.now() - started);
}
missTimes.sort((a, b) => a - b);
const pct = (p) => Math.round(missTimes[Math.min(missTimes.length - 1, Math.floor((missTimes.length * p) / 100))] ?? NaN);

// A staff price change under load: the product page is hammered while the price changes; how long until it shows.
let changeRow = 'not measured (set BENCH_EMAIL and BENCH_PASSWORD)';
if (process.env.BENCH_EMAIL && process.env.BENCH_PASSWORD) {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: process.env.BENCH_EMAIL, password: process.env.BENCH_PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('auth_token='))
    ?.split(';')[0];
  const detail = await (await fetch(`${base}/api/product/${productSlug}`)).json();
  const setPrice = (paise) =>
    fetch(`${base}/api/admin/products/import`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({
        csv: `slug,name,category,price,mrp,stock\n${detail.slug},${detail.name},${detail.category.slug},${(paise / 100).toFixed(2)},${(Math.max(detail.mrp, paise) / 100).toFixed(2)},${detail.stock}\n`,
      }),
    });
  const hammer = autocannon({ url: base + product, duration: 8, connections: 20 });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const newPrice = detail.price + 11_100;
  const shown = `₹${new Intl.NumberFormat('en-IN').format(newPrice / 100)}`;
  const changedAt = performance.now();
  await setPrice(newPrice);
  while (!(await (await fetch(base + product)).text()).includes(shown) && performance.now() - changedAt < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  changeRow = `${Math.round(performance.now() - changedAt)} ms under load`;
  const during = await hammer;
  rows.push({
    name: 'product page from cache, max, while the price changed',
    rps: Math.round(during.requests.average),
    p50: during.latency.p50,
    p99: during.latency.p99,
    bad: during.non2xx + during.errors,
    load: '',
  });
  await setPrice(detail.price);
}

await run('hello-world, max (after)', { url: helloUrl });
hello.close();

const helloRps = (rows[0].rps + rows[rows.length - 1].rps) / 2;
console.log(`\n${base}, ${duration} s per run, 20 connections unless said; hello-world mean ${Math.round(helloRps)} req/s\n`);
console.log('| scenario | pages/s | × hello-world | p50 ms | p99 ms | non-2xx + errors | load average (1 min) |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.name} | ${row.rps} | ${(row.rps / helloRps).toFixed(3)} | ${row.p50} | ${row.p99} | ${row.bad} | ${row.load} |`);
console.log(`\ncache miss (${missTimes.length} cold product pages, one at a time): p50 ${pct(50)} ms, p90 ${pct(90)} ms, max ${pct(100)} ms`);
console.log(`price change visible on the product page: ${changeRow}`);
