// Order placement benchmark: autocannon against POST /api/user/order on PostgreSQL (issue 4).
// Usage:
//   createdb -h 127.0.0.1 -U postgres shop_bench_orders
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_orders node bench/orders.mjs
// The API it starts migrates and seeds an empty database (the standard 320-product catalogue). The benchmark then
// gives every product and option a large stock, signs in BENCH_USERS customers (default 4,000) by SMS code (read from
// the outbox table, as the delivery worker would) with one saved address each, and places orders of 1–2 lines as
// them, each request a different customer and product, authenticated with a Bearer access token like the storefront.
// The API runs with the shop's default abuse limits (issue 19: 3 orders a minute, 20 an hour and 3 open
// cash-on-delivery orders per customer): the customers take turns, so each places at most 3 orders in the whole run
// (24,000 orders with the default 8,000 customers: enough for ~1,000 orders/s) and none is refused; the limits are
// checked on every order all the same. Any refusal is counted in "not 2xx" and printed by code.
//
// A bare node:http hello-world is measured with the same load before and after the scenarios (BENCH_HELLO=0 skips
// it): on a shared machine each result is also given as a ratio to it, which moves less with the machine's load.
//
// Cost mode (a busy machine makes throughput noise; CPU time per request does not move much with the load):
//   BENCH_COST=400 DATABASE_URL=… node bench/orders.mjs
// places 400 orders 10 at a time (after 200 unmeasured) and answers, per request, the CPU time of the API process and
// of the database's server processes (/proc counters) and the statements node-postgres sent (bench/count-queries.mjs,
// preloaded into the API); GET /api/user/addresses (the signed-in baseline) is measured the same way.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './lib/steady-rate.mjs';
import pg from 'pg';
import { startApi, stopAll, waitForHttp } from '../scripts/lib.mjs';
import { helloWorld, cpuSeconds, backendSecondsBetween } from './lib/reference.mjs';
import { prepareStock, signIn } from './lib/bench-customers.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database for the benchmark (an empty one is migrated and seeded).');
  process.exit(1);
}
const port = process.env.BENCH_API_PORT ?? '4130';
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const userCount = Number(process.env.BENCH_USERS ?? 8000);
const helloPort = Number(process.env.BENCH_HELLO_PORT ?? Number(port) + 1);
const withHello = process.env.BENCH_HELLO !== '0';
const runTag = Date.now().toString(36);
const runStamp = Math.floor(Date.now() / 1000) % 1e4;
const costRequests = Number(process.env.BENCH_COST ?? 0);
const queryCountFile = join(tmpdir(), `shop-bench-queries-${process.pid}`);
const costArgs = costRequests > 0 ? ['--import', new URL('./count-queries.mjs', import.meta.url).pathname] : [];

const api = startApi(
  {
    API_PORT: port,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    // Not production: that, with DATABASE_URL, needs real mail and SMS gateways (decision 055), and the sign-in codes
    // are read from the outbox table, which only the dev transport leaves readable.
    NODE_ENV: 'development',
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-orders-secret-'.padEnd(48, 'x'),
    SITE_URL: 'http://localhost:3130',
    // Seeded images and the like go to a scratch folder, not the shop's ./.data.
    DATA_DIR: process.env.DATA_DIR ?? join(tmpdir(), 'shop-bench-orders'),
    BENCH_QUERY_COUNT_FILE: queryCountFile,
    // BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the API (Node refuses --cpu-prof in NODE_OPTIONS).
  },
  [...costArgs, ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean)],
);
// Named, so cost mode can leave the benchmark's own connections out of the database's CPU time.
const db = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'bench-orders' });
const customers = { base, db, origin: 'http://localhost:3130', phonePrefix: '9197', netPrefix: '10.77', runStamp };

try {
  // The first start seeds the catalogue and renders its images: allow it a few minutes.
  await waitForHttp(`${base}/api/health`, { child: api, timeoutMs: 300_000 });

  const lines = await prepareStock(db);
  console.log(`${lines.length} orderable lines (products and options), stock set to 1,000,000 each`);
  const users = new Array(userCount);
  let nextUser = 0;
  const signInStarted = Date.now();
  // Ten at a time: signing in thousands of customers one by one would take longer than the benchmark.
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (nextUser < userCount) {
        const i = nextUser++;
        users[i] = await signIn(customers, i);
      }
    }),
  );
  console.log(`${users.length} customers signed in, one address each (${((Date.now() - signInStarted) / 1000).toFixed(0)} s)`);
  const hello = withHello ? await helloWorld({ port: helloPort, duration: duration }) : null;

  const before = await scalar('select count(*)::int as n from orders');
  const runStart = new Date();
  if (costRequests > 0) {
    await measureCost(users, lines);
  }
  let next = 0;
  /** Codes of the answers that were not 2xx, per scenario (a limit reached shows here). */
  let refused = new Map();
  const order = (withKey) => ({
    method: 'POST',
    path: '/api/user/order',
    onResponse: (status, body) => {
      if (status < 300) return;
      let code = String(status);
      try {
        code = `${status} ${JSON.parse(body).code}`;
      } catch {
        // not JSON
      }
      refused.set(code, (refused.get(code) ?? 0) + 1);
    },
    setupRequest: (request) => {
      const n = next++;
      const user = users[n % users.length];
      const first = lines[(n * 7) % lines.length];
      const second = lines[(n * 13 + 5) % lines.length];
      const items = [{ productId: first.productId, variantId: first.variantId, quantity: 1 + (n % 2) }];
      // Every third order has a second line (a different product, so no duplicate line).
      if (n % 3 === 0 && second.productId !== first.productId) items.push({ productId: second.productId, variantId: second.variantId, quantity: 1 });
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${user.token}`,
          ...(withKey ? { 'idempotency-key': `${runTag}-${n}` } : {}),
        },
        body: JSON.stringify({ items, addressId: user.addressId, paymentMethod: 'cod' }),
      };
    },
  });

  const scenarios = [
    { name: 'warm-up (not reported)', connections: 10, duration: 3, requests: [order(false)], quiet: true },
    { name: 'place order, max throughput', connections: 20, requests: [order(false)] },
    { name: 'place order with Idempotency-Key, max throughput', connections: 20, requests: [order(true)] },
    { name: 'place order at 100 orders/s', connections: 10, overallRate: 100, requests: [order(false)] },
  ];
  const helloBefore = hello && costRequests === 0 ? await hello.measure() : null;
  const results = [];
  for (const scenario of costRequests > 0 ? [] : scenarios) {
    refused = new Map();
    const result = await runLoad({ url: base, duration, ...scenario });
    if (scenario.quiet) continue;
    results.push({ name: scenario.name, result, refused });
  }
  const helloAfter = hello && costRequests === 0 ? await hello.measure() : null;
  const helloMean = helloBefore && helloAfter ? (helloBefore + helloAfter) / 2 : null;
  if (helloMean) console.log(`hello-world (node:http, 20 connections): ${helloBefore.toFixed(0)} req/s before, ${helloAfter.toFixed(0)} req/s after`);
  for (const { name, result, refused: codes } of results) {
    const non2xx = result.non2xx + result.errors + result.timeouts;
    const why = codes.size ? ` (${[...codes].map(([code, n]) => `${n}× ${code}`).join(', ')})` : '';
    const ratio = helloMean ? ` (${(result.requests.average / helloMean).toFixed(3)}× hello-world)` : '';
    console.log(
      `${name}: ${result.requests.average.toFixed(0)} orders/s${ratio}, p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, ` +
        `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.requests.total} requests, ${non2xx} not 2xx${why}`,
    );
  }
  await hello?.stop();
  const refusals = await db.query(
    `select count(*)::int as n from (select user_id from orders where created_at >= $1 group by user_id having count(*) > 3) as over`,
    [runStart],
  );
  console.log(`customers with more than 3 orders in this run (more than the default open-orders limit): ${refusals.rows[0].n}`);

  const placed = (await scalar('select count(*)::int as n from orders')) - before;
  const negative = await scalar('select (select count(*) from products where stock < 0) + (select count(*) from product_variants where stock < 0) as n');
  console.log(`${placed} orders placed in all; rows with negative stock: ${negative}`);
} finally {
  await db.end();
  await stopAll([api]);
}

/** CPU of the API, CPU of the database's server processes serving it, statements sent so far. */
async function costCounters() {
  const { rows } = await db.query(`select pid from pg_stat_activity where datname = current_database() and application_name <> 'bench-orders'`);
  const backends = new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
  api.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { api: cpuSeconds(api.pid), backends, statements: Number(readFileSync(queryCountFile, 'utf8')) };
}

/** Runs `count` requests 10 at a time; every one must answer `status`. */
async function run(count, request, status) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const response = await request(next++);
      if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

async function measureCost(users, lines) {
  const orderRequest = (n) => {
    const user = users[n % users.length];
    const first = lines[(n * 7) % lines.length];
    const second = lines[(n * 13 + 5) % lines.length];
    const items = [{ productId: first.productId, variantId: first.variantId, quantity: 1 + (n % 2) }];
    if (n % 3 === 0 && second.productId !== first.productId) items.push({ productId: second.productId, variantId: second.variantId, quantity: 1 });
    return fetch(`${base}/api/user/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ items, addressId: user.addressId, paymentMethod: 'cod' }),
    });
  };
  const addressesRequest = (n) => fetch(`${base}/api/user/addresses`, { headers: { authorization: `Bearer ${users[n % users.length].token}` } });
  for (const [name, request, status] of [
    ['GET /api/user/addresses', addressesRequest, 200],
    ['POST /api/user/order', orderRequest, 201],
  ]) {
    await run(costRequests / 2, request, status); // warm-up: the pool's connections open, the JIT settles
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the outbox worker delivers what the warm-up wrote
    const start = await costCounters();
    await run(costRequests, request, status);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const end = await costCounters();
    const database = backendSecondsBetween(start.backends, end.backends);
    const per = (seconds) => ((seconds * 1000) / costRequests).toFixed(2);
    console.log(
      `${name}: API CPU ${per(end.api - start.api)} ms, PostgreSQL CPU ${per(database)} ms, ` +
        `${((end.statements - start.statements) / costRequests).toFixed(2)} statements per request (${costRequests} requests, 10 at a time)`,
    );
  }
}

async function scalar(query) {
  return Number((await db.query(query)).rows[0].n);
}
