// The delivery estimate's own CPU cost, without the network (issue 22): the API built in this process on a PostgreSQL
// database already seeded by bench/delivery-estimate.mjs, and requests made with Fastify's inject, timed by
// process.cpuUsage(). Beside it, two answers that do no work of their own (a 404, and a response-cache hit) give the
// floor every request pays (hooks, routing, the error handler or the cache); the difference is the estimate's.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_delivery node --import tsx bench/delivery-inject.mjs
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@shop/db';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to the database bench/delivery-estimate.mjs seeded.');
  process.exit(1);
}
const count = Number(process.env.BENCH_REQUESTS ?? 4000);
const handle = await connect({ url, poolSize: 4 });
const app = await buildApp({
  config: { logLevel: 'silent', responseCacheSeconds: 30, trustProxy: false, mediaDir: join(tmpdir(), 'shop-bench-delivery-media') },
  db: handle,
  logger: false,
  housekeeping: false,
});
await app.ready();
const rows = (result) => result.rows ?? result;
const pincodes = rows(await handle.db.execute(sql`select pincode from pincodes where serviceable order by pincode limit 2000`)).map((r) => r.pincode);
const products = rows(await handle.db.execute(sql`select id from products where published order by id limit 300`)).map((r) => r.id);

async function measure(name, request) {
  // Warm-up over every pincode, so the lookups the API remembers are all there (as after a while in production).
  for (let i = 0; i < pincodes.length + 500; i++) await app.inject(request(i));
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const response = await app.inject(request(i));
    if (response.statusCode >= 500) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  }
  const cpu = process.cpuUsage(start);
  console.log(`${name}: ${((cpu.user + cpu.system) / 1000 / count).toFixed(3)} ms CPU per request`);
}

try {
  await measure('404 (hooks and the error handler only)', () => ({ method: 'GET', url: '/api/nope' }));
  await measure('response-cache hit (GET /api/products?limit=1)', () => ({ method: 'GET', url: '/api/products?limit=1' }));
  await measure('GET estimate (one product)', (i) => ({
    method: 'GET',
    url: `/api/delivery/estimate?pincode=${pincodes[i % pincodes.length]}&productId=${products[(i * 7) % products.length]}`,
  }));
  await measure('POST estimate (three lines)', (i) => ({
    method: 'POST',
    url: '/api/delivery/estimate',
    payload: { pincode: pincodes[i % pincodes.length], lines: [0, 1, 2].map((k) => ({ productId: products[(i * 7 + k * 13) % products.length] })) },
  }));
} finally {
  await app.close();
  await handle.close();
}
