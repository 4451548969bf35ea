// Shipping webhooks benchmark (issue 22): autocannon on PostgreSQL against Shiprocket's tracking webhook
// (POST /api/shipping/shiprocket/webhook, decision 085).
// Usage:
//   createdb -h 127.0.0.1 -U postgres shop_bench_shipping
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_shipping node --import tsx bench/shipping-webhooks.mjs
// (`--import tsx`: the Shiprocket time formats come from packages/domain, a TypeScript module.)
//
// The API it starts migrates and seeds an empty database and runs the loopback carrier (no SHIPROCKET_* account) with
// the webhook token given here (SHIPROCKET_WEBHOOK_TOKEN alone), so the benchmark can send Shiprocket's webhooks.
// BENCH_SHIPMENTS (default 3000) packed cash-on-delivery orders with a shipment and an AWB are written straight into
// the database (making them through the carrier is not what is measured). Each shipment then gets Shiprocket's
// journey (picked up, in transit, out for delivery, delivered), every update a fresh event: stored once by its key,
// applied under the order's and the shipment's row locks, the order shipped (its invoice due) and delivered. Each order
// belongs to a customer of its own with an e-mail address and a phone number and no saved preferences (a new account:
// order updates by e-mail and SMS), so the event that ships or delivers it renders and writes the shopper's mail and
// SMS into the outbox as in production, and the API's outbox worker sends them (the dev transport: nothing leaves the
// machine; the "shipped" mail waits for the COD invoice and loads its PDF). BENCH_CUSTOMERS=0 writes the orders
// without a customer, as this bench did before 2026-11-27: no message is rendered or written. The updates go out kind after kind
// (every first scan, then every in-transit scan, …) across 20 connections, so a scenario measures the kinds it reaches:
// a slow run's max throughput is all first scans (each ships its order), a fast one's mostly later scans; a larger
// BENCH_SHIPMENTS keeps it on first scans. Scenarios (BENCH_SECONDS each, default 10):
//   - max throughput, 20 connections (target: at least 500 webhooks/s);
//   - a fixed 100/s with 10 connections (p99 reported);
//   - the same update again (duplicates), 20 connections.
// A bare node:http hello-world is measured before and after (BENCH_HELLO=0 skips it); each result is also given as a
// ratio to it, which moves less with the machine's load.
// BENCH_STATEMENTS=1 also counts the statements node-postgres sends per webhook (bench/count-queries.mjs preloaded into
// the API, BEGIN and COMMIT included; the outbox worker and invoice issuer beside the webhooks too).
// BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the API.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLoad } from './lib/steady-rate.mjs';
import pg from 'pg';
import { formatShiprocketDateTime, formatShiprocketTimestamp, SHIPROCKET_KIND_STATUSES } from '../packages/domain/src/shipping/carrier-statuses.ts';
import { startApi, stopAll, waitForHttp } from '../scripts/lib.mjs';
import { helloWorld, cpuSeconds, backendSecondsBetween } from './lib/reference.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database for the benchmark (an empty one is migrated and seeded).');
  process.exit(1);
}
const port = process.env.BENCH_API_PORT ?? '4160';
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const shipmentCount = Number(process.env.BENCH_SHIPMENTS ?? 3000);
const helloPort = Number(process.env.BENCH_HELLO_PORT ?? Number(port) + 1);
const withHello = process.env.BENCH_HELLO !== '0';
const WEBHOOK = '/api/shipping/shiprocket/webhook';
const token = randomBytes(24).toString('base64url');
const runStamp = Date.now().toString(36).toUpperCase().slice(-6);
const countStatements = process.env.BENCH_STATEMENTS === '1';
const withCustomers = process.env.BENCH_CUSTOMERS !== '0';
const queryCountFile = join(tmpdir(), `shop-bench-shipping-queries-${process.pid}`);

const api = startApi(
  {
    API_PORT: port,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-shipping-secret-'.padEnd(48, 'x'),
    SITE_URL: 'http://localhost:3160',
    DATA_DIR: process.env.DATA_DIR ?? join(tmpdir(), 'shop-bench-shipping'),
    SHIPROCKET_WEBHOOK_TOKEN: token,
    PAYMENT_RECONCILE_EVERY_SECONDS: '86400',
    BENCH_QUERY_COUNT_FILE: queryCountFile,
  },
  [
    ...(countStatements ? ['--import', new URL('./count-queries.mjs', import.meta.url).pathname] : []),
    ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ],
);
const db = new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: 'bench-shipping' });

try {
  await waitForHttp(`${base}/api/health`, { child: api, timeoutMs: 600_000 });
  const awbs = await prepareShipments();
  console.log(
    `${awbs.length} shipments with an AWB ready; ${withCustomers ? 'each order a customer with an e-mail and a phone' : 'orders without a customer (no messages)'}`,
  );
  const hello = withHello ? await helloWorld({ port: helloPort, duration: duration }) : null;

  // Every update of every journey, in journey order per shipment, shipments interleaved.
  const kinds = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'];
  const start = Date.now() - 10 * 3600_000;
  const queue = [];
  for (const [k, kind] of kinds.entries()) {
    for (const [i, awb] of awbs.entries()) queue.push(body(awb, kind, new Date(start + k * 3600_000 + i * 1000)));
  }
  let next = 0;
  const sent = [];
  const fresh = () => ({
    method: 'POST',
    path: WEBHOOK,
    headers: { 'content-type': 'application/json', 'x-api-key': token },
    setupRequest: (request) => {
      const payload = queue[next++ % queue.length];
      if (sent.length < 2000) sent.push(payload);
      return { ...request, body: payload };
    },
  });
  let again = 0;
  const duplicate = () => ({
    method: 'POST',
    path: WEBHOOK,
    headers: { 'content-type': 'application/json', 'x-api-key': token },
    setupRequest: (request) => ({ ...request, body: sent[again++ % Math.max(1, sent.length)] }),
  });
  const scenarios = [
    { name: 'warm-up (not reported)', connections: 10, duration: 2, requests: [fresh()], quiet: true },
    { name: 'tracking webhooks, max throughput', connections: 20, requests: [fresh()] },
    { name: 'tracking webhooks at 100/s', connections: 10, overallRate: 100, requests: [fresh()] },
    { name: 'the same webhooks again (duplicates), max throughput', connections: 20, requests: [duplicate()] },
  ];

  const helloBefore = hello ? await hello.measure() : null;
  const results = [];
  for (const { quiet, ...scenario } of scenarios) {
    const load = loadavg()[0].toFixed(1);
    const cpuStart = await cpuCounters();
    const result = await runLoad({ url: base, duration, ...scenario });
    const cpuEnd = await cpuCounters();
    const database = backendSecondsBetween(cpuStart.backends, cpuEnd.backends);
    const per = (seconds) => ((seconds * 1000) / Math.max(1, result.requests.total)).toFixed(2);
    const statements = countStatements ? `, ${((cpuEnd.statements - cpuStart.statements) / Math.max(1, result.requests.total)).toFixed(2)} statements` : '';
    if (!quiet)
      results.push({
        name: scenario.name,
        result,
        load,
        cost: `CPU per request: API ${per(cpuEnd.api - cpuStart.api)} ms, PostgreSQL ${per(database)} ms${statements}`,
      });
    if (next >= queue.length) console.log('(the journeys ran out: later updates are redeliveries)');
  }
  const helloAfter = hello ? await hello.measure() : null;
  const helloMean = helloBefore && helloAfter ? (helloBefore + helloAfter) / 2 : null;
  if (helloMean) console.log(`hello-world (node:http, 20 connections): ${helloBefore.toFixed(0)} req/s before, ${helloAfter.toFixed(0)} req/s after`);
  for (const { name, result, load, cost } of results) {
    const non2xx = result.non2xx + result.errors + result.timeouts;
    const ratio = helloMean ? ` (${(result.requests.average / helloMean).toFixed(3)}× hello-world)` : '';
    console.log(
      `${name}: ${result.requests.average.toFixed(0)} webhooks/s${ratio}, p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, ` +
        `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.requests.total} requests, ${non2xx} not 2xx; ${cost} [load ${load} at start]`,
    );
  }
  await hello?.stop();
  const outcomes = await db.query(`select coalesce(outcome, 'none') as outcome, count(*)::int as n from shipment_events group by 1 order by 1`);
  console.log(`events stored: ${outcomes.rows.map((row) => `${row.n} ${row.outcome}`).join(', ')}`);
  const statuses = await db.query(
    `select o.status, count(*)::int as n from orders o join shipments s on s.order_id = o.id where s.reference like $1 group by 1 order by 1`,
    [`BENCH-${runStamp}-%`],
  );
  console.log(`this run's orders: ${statuses.rows.map((row) => `${row.n} ${row.status}`).join(', ')}`);
  const messages = await db.query(
    `select m.kind, m.channel, m.status, count(*)::int as n from outbox m join orders o on o.id = m.order_id
     where o.number like $1 group by 1, 2, 3 order by 1, 2, 3`,
    [`KG-${runStamp.slice(-6)}-%`],
  );
  console.log(`this run's messages: ${messages.rows.map((row) => `${row.n} ${row.kind} ${row.channel} ${row.status}`).join(', ') || 'none'}`);
} finally {
  await db.end();
  await stopAll([api]);
}

/** Shiprocket's tracking update for `kind` of the parcel with this AWB at `at` (entities.ts TrackingWebhook). */
function body(awb, kind, at) {
  const status = SHIPROCKET_KIND_STATUSES[kind];
  return JSON.stringify({
    awb,
    courier_name: 'Delhivery Surface',
    current_status: status.label,
    current_status_id: status.id,
    shipment_status: status.label,
    shipment_status_id: status.id,
    current_timestamp: formatShiprocketTimestamp(at),
    order_id: `BENCH-${awb}`,
    sr_order_id: 1,
    awb_assigned_date: formatShiprocketDateTime(new Date(at.getTime() - 3600_000)),
    pickup_scheduled_date: null,
    etd: formatShiprocketDateTime(new Date(at.getTime() + 3 * 86_400_000)),
    scans: [
      {
        date: formatShiprocketDateTime(at),
        status: status.label,
        activity: status.label,
        location: 'Jaipur Hub (Rajasthan)',
        'sr-status': String(status.id),
        'sr-status-label': status.label,
      },
    ],
    is_return: 0,
    channel_id: 1,
    pod_status: '',
    pod: 'Not Available',
  });
}

/** Packed COD orders (copies of a template) each with a live shipment and an AWB, written in a few statements. */
async function prepareShipments() {
  const address = {
    name: 'Bench Shopper',
    mobile: '9876543210',
    line1: '1 Bench Road',
    line2: null,
    landmark: null,
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302001',
  };
  // A customer per order (a new account: no preferences row, so order updates by e-mail and SMS): the e-mail carries
  // the run's stamp; the phone number (+91 9, four digits from the stamp, five of the order: up to 99,999 a run) may
  // meet an earlier run's once in 10,000 runs, which the unique index refuses (run again).
  if (withCustomers) {
    await db.query(
      `insert into users (name, email, email_verified, phone_number, phone_number_verified)
       select 'Bench Shopper ' || g, 'bench-' || lower($1) || '-' || g || '@example.com', true,
         '+919' || lpad((abs(hashtext($1)) % 10000)::text, 4, '0') || lpad(g::text, 5, '0'), true
       from generate_series(1, $2) g`,
      [runStamp, shipmentCount],
    );
  }
  const { rows } = await db.query(
    `insert into orders (number, user_id, status, payment_method, total, total_mrp, grand_total, total_items, address)
     select 'KG-' || $1 || '-' || lpad(g::text, 6, '0'), u.id, 'packed', 'cod', 50000, 50000, 50000, 1, $2::jsonb
     from generate_series(1, $3) g
     left join users u on $4 and u.email = 'bench-' || lower($1) || '-' || g || '@example.com'
     returning id, number`,
    [runStamp, JSON.stringify(address), shipmentCount, withCustomers],
  );
  // One line each: the "shipped" step issues a COD order's invoice (issue 21), which needs its lines.
  await db.query(
    `insert into order_lines (order_id, position, product_id, name, slug, price, mrp, quantity, cod)
     select id, 0, gen_random_uuid(), 'Bench brass lamp', 'bench-brass-lamp', 50000, 50000, 1, true from orders where number like $1`,
    [`KG-${runStamp.slice(-6)}-%`],
  );
  const awbs = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map((row, j) => {
      const awb = `77${runStamp}${String(i + j).padStart(6, '0')}`;
      awbs.push(awb);
      return [row.id, `BENCH-${runStamp}-${i + j}`, awb];
    });
    await db.query(
      `insert into shipments (order_id, provider, status, reference, awb, courier_id, courier_name, provider_order_id, provider_shipment_id)
       select v.order_id::uuid, 'shiprocket', 'awb_assigned', v.reference, v.awb, 10, 'Delhivery Surface', v.awb, v.awb
       from jsonb_to_recordset($1::jsonb) as v(order_id text, reference text, awb text)`,
      [JSON.stringify(values.map(([orderId, reference, awb]) => ({ order_id: orderId, reference, awb })))],
    );
  }
  return awbs;
}

/** CPU of the API, and of the database's server processes serving it (not the benchmark's own connections). */
async function cpuCounters() {
  const { rows } = await db.query(`select pid from pg_stat_activity where datname = current_database() and application_name <> 'bench-shipping'`);
  let statements = 0;
  if (countStatements) {
    api.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    statements = Number(readFileSync(queryCountFile, 'utf8'));
  }
  return { api: cpuSeconds(api.pid), backends: new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)])), statements };
}
