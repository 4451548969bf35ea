// Payments benchmark (issue 20): autocannon on PostgreSQL against cash-on-delivery order placement, prepaid order
// creation and Razorpay webhook handling.
// Usage:
//   createdb -h 127.0.0.1 -U postgres shop_bench_payments
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_payments node --import tsx bench/payments.mjs
// (`--import tsx`: the benchmark runs the shop's loopback Razorpay, a TypeScript module, in its own process.)
//
// The API it starts migrates and seeds an empty database (the standard catalogue). Its customers (BENCH_USERS, default
// 500, signed in by SMS code read from the outbox table, as bench/orders.mjs does) take turns; signing in thousands
// takes minutes on a busy machine, so the per-customer limits are raised instead (ORDER_LIMIT_PER_MINUTE,
// ORDER_LIMIT_PER_HOUR, OPEN_COD_ORDERS_MAX = 100,000): every order still counts its customer's orders under the
// customer's lock in its own statement, over a few more rows (about ten a customer). Unlike `npm start`, the API is given
// explicit Razorpay test keys and RAZORPAY_API_URL (decision 068) pointing at the loopback gateway running HERE, in
// the benchmark's process: Razorpay is another service, not work the API's own event loop does, and the benchmark
// needs the webhook secret to sign Razorpay's webhooks.
//
// Scenarios (BENCH_SECONDS each, default 10):
//   - POST /api/user/order, cash on delivery, 20 connections (target: at least 400 orders/s);
//   - POST /api/user/order, prepaid (stock reserved, then a Razorpay order created over HTTP), 20 connections
//     (target: at least 250 orders/s);
//   - POST /api/payments/razorpay/webhook, signed Razorpay webhooks for the prepaid orders just made, in Razorpay's
//     order for each (payment.authorized, payment.captured, order.paid; every one a fresh event id, so each is
//     recorded and applied or found already applied), 20 connections (target: at least 500/s), and at a fixed
//     100/s with 10 connections (target: p99 at most 50 ms).
// A bare node:http hello-world is measured before and after (BENCH_HELLO=0 skips it); each result is also given as a
// ratio to it, which moves less with the machine's load. BENCH_ONLY=cod,prepaid,webhook runs a subset (webhooks need
// prepaid orders: without the prepaid scenario, BENCH_WEBHOOK_ORDERS (default 3000) are placed first, unmeasured).
//
// Cost mode (the machine is shared: req/s moves with the neighbours' load, CPU time and statements per request much
// less): BENCH_COST=600 places 600 prepaid orders (after 100 unmeasured, with their webhooks), pays them at the gateway
// and delivers their webhooks 10 at a time, one kind after another: payment.authorized (the order becomes paid, its
// message and invoice are written), payment.captured, order.paid (nothing left to change), and payment.captured again
// under its own event id (a duplicate). Per webhook of each kind it answers the CPU time of the API process and of the
// database's server processes (/proc counters; the outbox worker's sending of the messages included) and the
// statements node-postgres sent (bench/count-queries.mjs preloaded into the API, BEGIN and COMMIT included; BENCH_COUNTER
// names another preload to use instead, e.g. one that also counts by statement text).
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './lib/steady-rate.mjs';
import pg from 'pg';
import { LoopbackGateway } from '../apps/api/src/payments/razorpay/loopback-gateway.ts';
import { hmacHex } from '../apps/api/src/payments/razorpay/signatures.ts';
import { startApi, stopAll, waitForHttp } from '../scripts/lib.mjs';
import { helloWorld, cpuSeconds, backendSecondsBetween } from './lib/reference.mjs';
import { prepareStock, signIn } from './lib/bench-customers.mjs';

const costOrders = Number(process.env.BENCH_COST ?? 0);
const queryCountFile = join(tmpdir(), `shop-bench-payments-queries-${process.pid}`);
const costArgs = costOrders > 0 ? ['--import', process.env.BENCH_COUNTER ?? new URL('./count-queries.mjs', import.meta.url).pathname] : [];

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database for the benchmark (an empty one is migrated and seeded).');
  process.exit(1);
}
const port = process.env.BENCH_API_PORT ?? '4140';
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const userCount = Number(process.env.BENCH_USERS ?? 500);
const helloPort = Number(process.env.BENCH_HELLO_PORT ?? Number(port) + 1);
const withHello = process.env.BENCH_HELLO !== '0';
const only = new Set((process.env.BENCH_ONLY ?? 'cod,prepaid,webhook').split(','));
const runStamp = Math.floor(Date.now() / 1000) % 1e4;
const WEBHOOK = '/api/payments/razorpay/webhook';
let placed = 0; // prepaid orders placed outside the measured scenarios (placePrepaid)

const gateway = new LoopbackGateway();
await gateway.start();
// The API's own deliveries are not wanted: the benchmark sends the webhooks itself, under load.
gateway.holdWebhooks = true;

const api = startApi(
  {
    API_PORT: port,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-payments-secret-'.padEnd(48, 'x'),
    SITE_URL: 'http://localhost:3140',
    DATA_DIR: process.env.DATA_DIR ?? join(tmpdir(), 'shop-bench-payments'),
    RAZORPAY_KEY_ID: gateway.keys.keyId,
    RAZORPAY_KEY_SECRET: gateway.keys.keySecret,
    RAZORPAY_WEBHOOK_SECRET: gateway.keys.webhookSecret,
    RAZORPAY_API_URL: gateway.url,
    ORDER_LIMIT_PER_MINUTE: '100000',
    ORDER_LIMIT_PER_HOUR: '100000',
    OPEN_COD_ORDERS_MAX: '100000',
    // The reconciliation would ask this gateway about earlier runs' orders, which it never made: not in the measurement.
    PAYMENT_RECONCILE_EVERY_SECONDS: '86400',
    BENCH_QUERY_COUNT_FILE: queryCountFile,
    // BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the API.
  },
  [...costArgs, ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean)],
);
const db = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'bench-payments' });
const customers = { base, db, origin: 'http://localhost:3140', phonePrefix: '9196', netPrefix: '10.78', runStamp };

try {
  await waitForHttp(`${base}/api/health`, { child: api, timeoutMs: 600_000 });
  const lines = await prepareStock(db);
  const users = new Array(userCount);
  let nextUser = 0;
  const signInStarted = Date.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (nextUser < userCount) {
        const i = nextUser++;
        users[i] = await signIn(customers, i);
      }
    }),
  );
  console.log(`${users.length} customers signed in (${((Date.now() - signInStarted) / 1000).toFixed(0)} s); ${lines.length} orderable lines`);
  if (costOrders > 0) await measureCost(users, lines);
  else await throughput(users, lines);
} finally {
  await db.end();
  await stopAll([api]);
  await gateway.close();
}

/** The throughput scenarios (see the top of the file). */
async function throughput(users, lines) {
  const hello = withHello ? await helloWorld({ port: helloPort, duration: duration }) : null;

  let next = 0;
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
  const order = (paymentMethod) => ({
    method: 'POST',
    path: '/api/user/order',
    onResponse: countRefusal,
    setupRequest: (request) => {
      const n = next++;
      const user = users[n % users.length];
      const first = lines[(n * 7) % lines.length];
      const items = [{ productId: first.productId, variantId: first.variantId, quantity: 1 + (n % 2) }];
      return {
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ items, addressId: user.addressId, paymentMethod }),
      };
    },
  });

  // Webhooks: Razorpay's three for each prepaid order, made from the gateway's own payments so the amounts match.
  const webhookQueue = [];
  let nextWebhook = 0;
  const prepareWebhooks = async () => {
    // Without the prepaid scenario in this run, the gateway (this process's) has made no orders yet: some are placed now.
    if (!only.has('prepaid')) await placePrepaid(users, lines, Number(process.env.BENCH_WEBHOOK_ORDERS ?? 3000));
    const { rows } = await db.query(
      `select provider_order_id from orders where payment_method = 'prepaid' and payment_status = 'pending' and status = 'placed' and provider_order_id is not null`,
    );
    let made = 0;
    for (const { provider_order_id: providerOrderId } of rows) {
      const providerOrder = gateway.orders.get(providerOrderId);
      if (!providerOrder) continue; // an earlier run's gateway made it
      await gateway.pay(providerOrderId);
      made += 1;
    }
    webhookQueue.push(...gateway.held.splice(0));
    console.log(`${made} prepaid orders paid at the gateway: ${webhookQueue.length} webhooks to deliver`);
  };
  const webhook = () => ({
    method: 'POST',
    path: WEBHOOK,
    onResponse: countRefusal,
    setupRequest: (request) => {
      const n = nextWebhook++;
      const sent = webhookQueue[n % webhookQueue.length];
      // Past the end of the queue: the same event again under a fresh id (Razorpay's at-least-once), never a duplicate id.
      const body = n < webhookQueue.length ? sent.body : sent.body.replace(/"created_at":(\d+)}$/, `"created_at":$1,"bench_repeat":${n}}`);
      const headers = {
        ...sent.headers,
        'x-razorpay-event-id': n < webhookQueue.length ? sent.eventId : `${sent.eventId.slice(0, 10)}R${n}`,
        'x-razorpay-signature': hmacHex(gateway.keys.webhookSecret, body),
      };
      return { ...request, headers, body };
    },
  });

  const scenarios = [];
  if (only.has('cod')) {
    scenarios.push({ name: 'warm-up, cash on delivery (not reported)', connections: 10, duration: 3, requests: [order('cod')], quiet: true });
    scenarios.push({ name: 'cash-on-delivery order, max throughput', unit: 'orders/s', connections: 20, requests: [order('cod')] });
  }
  if (only.has('prepaid')) {
    scenarios.push({ name: 'warm-up, prepaid (not reported)', connections: 10, duration: 3, requests: [order('prepaid')], quiet: true });
    scenarios.push({ name: 'prepaid order creation, max throughput', unit: 'orders/s', connections: 20, requests: [order('prepaid')] });
  }
  if (only.has('webhook')) {
    scenarios.push({ before: prepareWebhooks, name: 'warm-up, webhooks (not reported)', connections: 10, duration: 2, requests: [webhook()], quiet: true });
    scenarios.push({ name: 'webhook, max throughput', unit: 'webhooks/s', connections: 20, requests: [webhook()] });
    scenarios.push({ name: 'webhook at 100/s', unit: 'webhooks/s', connections: 10, overallRate: 100, requests: [webhook()] });
  }

  const helloBefore = hello ? await hello.measure() : null;
  const results = [];
  for (const { before, quiet, unit, ...scenario } of scenarios) {
    await before?.();
    refused = new Map();
    const load = (await import('node:os')).loadavg()[0].toFixed(1);
    const start = await cpuCounters();
    const result = await runLoad({ url: base, duration, ...scenario });
    const end = await cpuCounters();
    const database = backendSecondsBetween(start.backends, end.backends);
    const per = (seconds) => ((seconds * 1000) / Math.max(1, result.requests.total)).toFixed(2);
    const cost = `CPU per request: API ${per(end.api - start.api)} ms, PostgreSQL ${per(database)} ms`;
    if (!quiet) results.push({ name: scenario.name, unit, result, refused, load, cost });
  }
  const helloAfter = hello ? await hello.measure() : null;
  const helloMean = helloBefore && helloAfter ? (helloBefore + helloAfter) / 2 : null;
  if (helloMean) console.log(`hello-world (node:http, 20 connections): ${helloBefore.toFixed(0)} req/s before, ${helloAfter.toFixed(0)} req/s after`);
  for (const { name, unit, result, refused: codes, load, cost } of results) {
    const non2xx = result.non2xx + result.errors + result.timeouts;
    const why = codes.size ? ` (${[...codes].map(([code, n]) => `${n}× ${code}`).join(', ')})` : '';
    const ratio = helloMean ? ` (${(result.requests.average / helloMean).toFixed(3)}× hello-world)` : '';
    console.log(
      `${name}: ${result.requests.average.toFixed(0)} ${unit}${ratio}, p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, ` +
        `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.requests.total} requests, ${non2xx} not 2xx${why}; ${cost} [load ${load} at start]`,
    );
  }
  await hello?.stop();
  const { rows } = await db.query(`
    select payment_method, payment_status, count(*)::int as n from orders group by 1, 2 order by 1, 2`);
  console.log(`orders now: ${rows.map((row) => `${row.n} ${row.payment_method}/${row.payment_status}`).join(', ')}`);
  const negative = await db.query('select (select count(*) from products where stock < 0) + (select count(*) from product_variants where stock < 0) as n');
  console.log(`rows with negative stock: ${negative.rows[0].n}`);
}

/** CPU of the API, and of the database's server processes serving it (not the benchmark's own connections). */
async function cpuCounters() {
  const { rows } = await db.query(`select pid from pg_stat_activity where datname = current_database() and application_name <> 'bench-payments'`);
  return { api: cpuSeconds(api.pid), backends: new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)])) };
}

/** Places `count` prepaid orders 10 at a time (not measured): each reserves stock and gets a gateway order. */
async function placePrepaid(users, lines, count) {
  await run(
    count,
    () => {
      const n = placed++;
      const user = users[n % users.length];
      const first = lines[(n * 7) % lines.length];
      return fetch(`${base}/api/user/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({
          items: [{ productId: first.productId, variantId: first.variantId, quantity: 1 + (n % 2) }],
          addressId: user.addressId,
          paymentMethod: 'prepaid',
        }),
      });
    },
    201,
  );
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

/** Pays these gateway orders and answers their held webhooks, in Razorpay's order. */
async function payPlaced(providerOrderIds) {
  for (const id of providerOrderIds) await gateway.pay(id);
  return gateway.held.splice(0);
}

/** The gateway orders of this run's prepaid orders not yet paid. */
async function unpaidGatewayOrders() {
  const { rows } = await db.query(
    `select provider_order_id from orders where payment_method = 'prepaid' and payment_status = 'pending' and status = 'placed' and provider_order_id is not null`,
  );
  return rows.map((row) => row.provider_order_id).filter((id) => gateway.orders.has(id));
}

/** Delivers a held webhook (under another event id when given). */
function deliver(sent, eventId = sent.eventId) {
  return fetch(`${base}${WEBHOOK}`, { method: 'POST', headers: { ...sent.headers, 'x-razorpay-event-id': eventId }, body: sent.body });
}

/** CPU of the API, CPU of the database's server processes serving it, statements sent so far. */
async function costCounters() {
  const { rows } = await db.query(`select pid from pg_stat_activity where datname = current_database() and application_name <> 'bench-payments'`);
  const backends = new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
  api.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { api: cpuSeconds(api.pid), backends, statements: Number(readFileSync(queryCountFile, 'utf8')) };
}

/** Cost mode (see the top of the file). */
async function measureCost(users, lines) {
  // Warm-up: connections open, statements are prepared, the JIT settles, on webhooks of every kind.
  await placePrepaid(users, lines, 100);
  const warm = await payPlaced(await unpaidGatewayOrders());
  await run(warm.length, (n) => deliver(warm[n]), 200);
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  await placePrepaid(users, lines, costOrders);
  const held = await payPlaced(await unpaidGatewayOrders());
  const ofKind = (event) => held.filter((sent) => sent.event === event);
  const kinds = [
    ['payment.authorized (becomes paid)', ofKind('payment.authorized'), (sent) => deliver(sent)],
    ['payment.captured (authorized → captured)', ofKind('payment.captured'), (sent) => deliver(sent)],
    ['order.paid (nothing to change)', ofKind('order.paid'), (sent) => deliver(sent)],
    ['payment.captured, a new event id (nothing to change)', ofKind('payment.captured'), (sent) => deliver(sent, `${sent.eventId}x`)],
    ['payment.captured again, same event id (duplicate)', ofKind('payment.captured'), (sent) => deliver(sent)],
  ];
  const totals = { count: 0, api: 0, database: 0, statements: 0 };
  for (const [name, webhooks, send] of kinds) {
    const start = await costCounters();
    await run(webhooks.length, (n) => send(webhooks[n]), 200);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the outbox worker sends what the webhooks wrote
    const end = await costCounters();
    const database = backendSecondsBetween(start.backends, end.backends);
    const apiSeconds = end.api - start.api;
    const statements = end.statements - start.statements;
    if (!name.includes('duplicate') && !name.includes('new event id')) {
      totals.count += webhooks.length;
      totals.api += apiSeconds;
      totals.database += database;
      totals.statements += statements;
    }
    const per = (value, scale = 1000) => ((value * scale) / webhooks.length).toFixed(2);
    console.log(
      `${name}: ${webhooks.length} webhooks; per webhook: API ${per(apiSeconds)} ms, PostgreSQL ${per(database)} ms, ${per(statements, 1)} statements`,
    );
  }
  const per = (value, scale = 1000) => ((value * scale) / totals.count).toFixed(2);
  console.log(
    `mean of Razorpay's three webhooks of a payment: API ${per(totals.api)} ms, PostgreSQL ${per(totals.database)} ms, ${per(totals.statements, 1)} statements (load ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
  );
}
