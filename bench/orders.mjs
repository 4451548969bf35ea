// Order placement benchmark: autocannon against POST /api/user/order on PostgreSQL (issue 4).
// Usage:
//   createdb -h 127.0.0.1 -U postgres shop_bench_orders
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_orders node bench/orders.mjs
// The API it starts migrates and seeds an empty database (the standard 320-product catalogue). The benchmark then
// gives every product and option a large stock, signs in BENCH_USERS customers by SMS code (read from the outbox
// table, as the delivery worker would) with one saved address each, and places orders of 1–2 lines as them, each
// request a different customer and product, authenticated with a Bearer access token like the storefront.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startApi, stopAll, waitForHttp } from '../scripts/lib.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database for the benchmark (an empty one is migrated and seeded).');
  process.exit(1);
}
const port = process.env.BENCH_API_PORT ?? '4130';
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const userCount = Number(process.env.BENCH_USERS ?? 20);
const runTag = Date.now().toString(36);

const api = startApi({
  API_PORT: port,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  AUTH_SECRET: process.env.AUTH_SECRET ?? 'bench-orders-secret-'.padEnd(48, 'x'),
  SITE_URL: 'http://localhost:3130',
  // Seeded images and the like go to a scratch folder, not the shop's ./.data.
  DATA_DIR: process.env.DATA_DIR ?? join(tmpdir(), 'shop-bench-orders'),
  // BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the API (Node refuses --cpu-prof in NODE_OPTIONS).
}, (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean));
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });

try {
  // The first start seeds the catalogue and renders its images: allow it a few minutes.
  await waitForHttp(`${base}/api/health`, { child: api, timeoutMs: 300_000 });

  const lines = await prepareStock();
  console.log(`${lines.length} orderable lines (products and options), stock set to 1,000,000 each`);
  const users = [];
  for (let i = 0; i < userCount; i++) users.push(await signIn(i));
  console.log(`${users.length} customers signed in, one address each`);

  const before = await scalar('select count(*)::int as n from orders');
  let next = 0;
  const order = (withKey) => ({
    method: 'POST',
    path: '/api/user/order',
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
  for (const scenario of scenarios) {
    const result = await autocannon({ url: base, duration, ...scenario });
    if (scenario.quiet) continue;
    const non2xx = result.non2xx + result.errors + result.timeouts;
    console.log(
      `${scenario.name}: ${result.requests.average.toFixed(0)} orders/s, p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, ` +
        `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.requests.total} requests, ${non2xx} not 2xx`,
    );
  }

  const placed = (await scalar('select count(*)::int as n from orders')) - before;
  const negative = await scalar('select (select count(*) from products where stock < 0) + (select count(*) from product_variants where stock < 0) as n');
  console.log(`${placed} orders placed in all; rows with negative stock: ${negative}`);
} finally {
  await db.end();
  await stopAll([api]);
}

async function scalar(query) {
  return Number((await db.query(query)).rows[0].n);
}

/** Every published, cash-on-delivery product (or each of its options) with a stock no benchmark can exhaust. */
async function prepareStock() {
  await db.query('update product_variants set stock = 1000000');
  await db.query('update products set stock = 1000000');
  const { rows } = await db.query(`
    select p.id as "productId", v.id as "variantId"
    from products p left join product_variants v on v.product_id = p.id
    where p.published and p.cod
    order by p.id, v.id`);
  return rows;
}

/** A customer signed in by SMS code, with a Bearer token and a saved address. */
async function signIn(i) {
  const phone = `+9197${String(Date.now() % 1e4).padStart(4, '0')}${String(i).padStart(4, '0')}`;
  // Sign-in limits count per client address: each customer comes from an address of its own (the API trusts
  // X-Forwarded-For from loopback, as behind the storefront).
  const headers = { 'content-type': 'application/json', origin: 'http://localhost:3130', 'x-forwarded-for': `10.77.${i >> 8}.${i & 255}` };
  const post = (path, body, extra = {}) => fetch(base + path, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  const sent = await post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
  if (!sent.ok) throw new Error(`send-otp: ${sent.status} ${await sent.text()}`);
  const { rows } = await db.query(`select body_text from outbox where recipient = $1 order by created_at desc limit 1`, [phone]);
  const code = /^(\d{6})/.exec(rows[0]?.body_text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  const verified = await post('/api/auth/phone-number/verify', { phoneNumber: phone, code });
  if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('auth_token='));
  const tokenResponse = await fetch(`${base}/api/auth/token`, { headers: { cookie, origin: headers.origin } });
  const { token } = await tokenResponse.json();
  const address = await post(
    '/api/user/addresses',
    { name: `Bench customer ${i}`, mobile: phone.slice(3), line1: `${i + 1}, MG Road`, city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
    { authorization: `Bearer ${token}` },
  );
  if (address.status !== 201) throw new Error(`address: ${address.status} ${await address.text()}`);
  return { token, addressId: (await address.json())._id };
}
