// Delivery promise benchmark (issue 22): autocannon on PostgreSQL against GET /api/delivery/estimate (one product to a
// pincode, the product page's "Check delivery") and POST /api/delivery/estimate (a three-line cart, the cart drawer and
// checkout). Targets: at least 3,000 estimates/s, and p99 at most 10 ms at a steady 200/s.
// Usage:
//   createdb -h 127.0.0.1 -U postgres shop_bench_delivery
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_delivery node bench/delivery-estimate.mjs
//
// The API it starts migrates and seeds an empty database (the standard catalogue and India Post's pincodes, decision
// 079). Requests rotate over BENCH_PINCODES (default 2,000) real pincodes drawn at random from the directory and the
// published products, so the pincode and product lookups the API remembers for the cache window (CATALOGUE_CACHE_SECONDS,
// default 30) see a realistic spread rather than one hot key; BENCH_CACHE_SECONDS=0 measures every estimate reading
// the database. A bare node:http hello-world is measured before and after (BENCH_HELLO=0 skips it); each result is
// also given as a ratio to it, which moves less with the machine's load.
// BENCH_CHANGES_EVERY_MS=50 (decision 119) sends a catalogue change by NOTIFY every so often during the 200/s
// scenarios, as another API process does after a sell-out or a staff save: BENCH_CHANGES (default
// `products` ×4, `anything`, `products` ×4, `pincodes`) is the cycle (one product named; nothing named, so every product's
// facts are read again; a serviceability import, so the whole directory is).
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './lib/steady-rate.mjs';
import pg from 'pg';
import { startApi, stopAll, waitForHttp } from '../scripts/lib.mjs';
import { helloWorld, cpuSeconds, backendSecondsBetween } from './lib/reference.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database for the benchmark (an empty one is migrated and seeded).');
  process.exit(1);
}
const port = process.env.BENCH_API_PORT ?? '4150';
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const pincodeCount = Number(process.env.BENCH_PINCODES ?? 2000);
const helloPort = Number(process.env.BENCH_HELLO_PORT ?? Number(port) + 1);
const withHello = process.env.BENCH_HELLO !== '0';
const APP = 'bench-delivery';
const changesEvery = Number(process.env.BENCH_CHANGES_EVERY_MS ?? 0);
const changeCycle = (process.env.BENCH_CHANGES ?? 'products,products,products,products,anything,products,products,products,products,pincodes').split(',');

const api = startApi(
  {
    API_PORT: port,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-delivery-secret-'.padEnd(48, 'x'),
    SITE_URL: 'http://localhost:3150',
    DATA_DIR: process.env.DATA_DIR ?? join(tmpdir(), 'shop-bench-delivery'),
    ...(process.env.BENCH_CACHE_SECONDS ? { CATALOGUE_CACHE_SECONDS: process.env.BENCH_CACHE_SECONDS } : {}),
  },
  (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
);
const db = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: APP });

try {
  // The first start seeds the pincodes (seconds on a busy machine) before it listens.
  await waitForHttp(`${base}/api/health`, { child: api, timeoutMs: 600_000 });
  const pincodes = (await db.query('select pincode from pincodes where serviceable order by random() limit $1', [pincodeCount])).rows.map((r) => r.pincode);
  const products = (await db.query('select id from products where published order by random() limit 500')).rows.map((r) => r.id);
  if (pincodes.length === 0 || products.length < 3) throw new Error('no pincodes or products: is the database seeded?');
  console.log(`${pincodes.length} pincodes, ${products.length} products; response cache ${process.env.BENCH_CACHE_SECONDS ?? 'default (30 s)'}`);
  const hello = withHello ? await helloWorld({ port: helloPort, duration: duration }) : null;

  let refused = new Map();
  const countRefusal = (status, body) => {
    if (status < 300) return;
    let code = String(status);
    try {
      code = `${status} ${JSON.parse(body).code}`;
    } catch {
      // not JSON
    }
    refused.set(code, (refused.get(code) ?? 0) + 1);
  };
  let n = 0;
  const product = () => ({
    method: 'GET',
    onResponse: countRefusal,
    setupRequest: (request) => {
      const i = n++;
      return { ...request, path: `/api/delivery/estimate?pincode=${pincodes[i % pincodes.length]}&productId=${products[(i * 7) % products.length]}` };
    },
  });
  const cart = () => ({
    method: 'POST',
    onResponse: countRefusal,
    setupRequest: (request) => {
      const i = n++;
      const lines = [0, 1, 2].map((k) => ({ productId: products[(i * 7 + k * 13) % products.length] }));
      return {
        ...request,
        path: '/api/delivery/estimate',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pincode: pincodes[i % pincodes.length], lines }),
      };
    },
  });

  const scenarios = [
    { name: 'warm-up (not reported)', connections: 10, duration: 3, requests: [product()], quiet: true },
    { name: 'GET estimate (one product), max throughput', unit: 'req/s', connections: 20, requests: [product()] },
    { name: 'POST estimate (three-line cart), max throughput', unit: 'req/s', connections: 20, requests: [cart()] },
    { name: 'GET estimate at 200/s', unit: 'req/s', connections: 10, overallRate: 200, requests: [product()], changes: true },
    { name: 'POST estimate at 200/s', unit: 'req/s', connections: 10, overallRate: 200, requests: [cart()], changes: true },
  ];

  /** NOTIFYs a catalogue change every `changesEvery` ms (the channel and payloads of lib/catalogue-change.ts) until stopped. */
  const notifyChanges = () => {
    let made = 0;
    let running = changesEvery > 0;
    const loop = (async () => {
      while (running) {
        await new Promise((resolve) => setTimeout(resolve, changesEvery));
        if (!running) break;
        const kind = changeCycle[made % changeCycle.length];
        const payload = kind === 'pincodes' ? 'pincodes' : kind === 'anything' ? '' : `products:${products[made % products.length]}`;
        made++;
        await db.query(`select pg_notify('shop_catalogue_changed', $1)`, [payload]);
      }
    })();
    return async () => {
      running = false;
      await loop;
      return made;
    };
  };

  const helloBefore = hello ? await hello.measure() : null;
  const results = [];
  for (const { quiet, unit, changes: withChanges, ...scenario } of scenarios) {
    refused = new Map();
    const load = loadavg()[0].toFixed(1);
    const start = await cpuCounters();
    const stopChanges = withChanges ? notifyChanges() : async () => 0;
    const result = await runLoad({ url: base, duration, ...scenario });
    const changes = await stopChanges();
    const end = await cpuCounters();
    const database = backendSecondsBetween(start.backends, end.backends);
    const per = (seconds) => ((seconds * 1000) / Math.max(1, result.requests.total)).toFixed(3);
    const cost = `CPU per request: API ${per(end.api - start.api)} ms, PostgreSQL ${per(database)} ms${changes ? `; ${changes} catalogue changes` : ''}`;
    if (!quiet) results.push({ name: scenario.name, unit, result, refused, load, cost });
  }
  const helloAfter = hello ? await hello.measure() : null;
  const helloMean = helloBefore && helloAfter ? (helloBefore + helloAfter) / 2 : null;
  if (helloMean) console.log(`hello-world (node:http, 20 connections): ${helloBefore.toFixed(0)} req/s before, ${helloAfter.toFixed(0)} req/s after`);
  for (const { name, unit, result, refused: codes, load, cost } of results) {
    const non2xx = result.non2xx + result.errors + result.timeouts;
    const why = codes.size ? ` (${[...codes].map(([code, count]) => `${count}× ${code}`).join(', ')})` : '';
    const ratio = helloMean ? ` (${(result.requests.average / helloMean).toFixed(3)}× hello-world)` : '';
    console.log(
      `${name}: ${result.requests.average.toFixed(0)} ${unit}${ratio}, p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, ` +
        `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.requests.total} requests, ${non2xx} not 2xx${why}; ${cost} [load ${load} at start]`,
    );
  }
  await hello?.stop();
} finally {
  await db.end();
  await stopAll([api]);
}

/** CPU of the API, and of the database's server processes serving it (not the benchmark's own connections). */
async function cpuCounters() {
  const { rows } = await db.query(`select pid from pg_stat_activity where datname = current_database() and application_name <> $1`, [APP]);
  return { api: cpuSeconds(api.pid), backends: new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)])) };
}
