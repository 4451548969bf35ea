// API load benchmark: autocannon against the catalogue API on PostgreSQL with a large catalogue.
// Usage: DATABASE_URL=postgres://… node bench/api.mjs   (seed first: npm run seed -- --products 100000 --reset)
import { runLoad } from './lib/steady-rate.mjs';
import { startApi, stopAll, waitForHttp } from '../scripts/lib.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database seeded with the benchmark catalogue.');
  process.exit(1);
}
const port = process.env.BENCH_API_PORT ?? '4800';
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

// Each run starts its own API with the response cache as shipped. In `cached` mode the requests rotate over a
// fixed set of URLs (the cache answers repeats); in `misses` mode every URL is new (an ignored `miss=N`
// parameter), so every request takes the database path a cache miss takes.
const modes = (process.env.BENCH_MODES ?? 'cached,misses').split(',');
for (const mode of modes) {
  console.log(`\n## ${mode === 'misses' ? 'every request a cache miss' : 'repeated URLs (cache hits)'}`);
  await runScenarios({}, mode === 'misses');
}

async function runScenarios(env, misses) {
  // Not NODE_ENV=production: that, with DATABASE_URL, needs real mail and SMS gateways (decision 055); nothing here sends.
  const api = startApi({ API_PORT: port, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env });
  try {
    await waitForHttp(`${base}/api/health`, { child: api });
    const get = async (path) => (await fetch(base + path)).json();
    const categories = (await get('/api/categories?limit=100')).data.filter((c) => c.productCount > 0);
    const products = (await get('/api/products?limit=60&sort=popularity')).data;
    const total = categories.filter((c) => !c.parent).reduce((sum, c) => sum + c.productCount, 0);
    const sorts = ['newest', 'price_asc', 'price_desc', 'popularity', 'discount'];
    const words = ['lamp', 'necklace', 'cushion', 'keychian', 'name plate', 'frame', 'rose gold', 'scrunchie', 'mug', 'wedding'];

    // Each request picks the next path from a list, so the load spreads over categories, sorts and products.
    const rotate = (paths) => {
      let i = 0;
      const unique = (path) => (misses ? `${path}${path.includes('?') ? '&' : '?'}miss=${i}` : path);
      return [{ setupRequest: (req) => ({ ...req, path: unique(paths[i++ % paths.length]) }) }];
    };
    const listingPaths = categories.flatMap((c, i) => [
      `/api/products?category=${c.slug}&sort=${sorts[i % sorts.length]}&limit=24`,
      `/api/products?category=${c.slug}&sort=price_asc&minPrice=50000&maxPrice=300000&inStock=true&limit=24&page=2`,
    ]);
    const detailPaths = products.map((p) => `/api/product/${p.slug}`);
    const searchPaths = words.map((w) => `/api/products/search?q=${encodeURIComponent(w)}&limit=24`);
    const cartBody = JSON.stringify({ productIds: products.slice(0, 10).map((p) => p._id) });

    const scenarios = [
      { name: 'listing (filtered, sorted), max throughput', requests: rotate(listingPaths), connections: 20 },
      { name: 'listing (filtered, sorted) at 200 req/s', requests: rotate(listingPaths), connections: 10, overallRate: 200 },
      { name: 'product detail, max throughput', requests: rotate(detailPaths), connections: 20 },
      { name: 'search, max throughput', requests: rotate(searchPaths), connections: 10 },
      { name: 'search at 100 req/s', requests: rotate(searchPaths), connections: 10, overallRate: 100 },
      { name: 'search at 40 req/s', requests: rotate(searchPaths), connections: 10, overallRate: 40 },
      {
        name: 'POST /api/products/cart (10 ids), max throughput',
        requests: [{ method: 'POST', path: '/api/products/cart', headers: { 'content-type': 'application/json' }, body: cartBody }],
        connections: 20,
      },
    ];

    console.log(`\nCatalogue: ${total} products, ${categories.length} categories; ${duration} s per scenario.\n`);
    console.log('| scenario | req/s (mean) | p50 ms | p90 ms | p99 ms | non-2xx | errors |');
    console.log('|---|---|---|---|---|---|---|');
    for (const scenario of scenarios) {
      const result = await runLoad({ url: base, duration, ...scenario });
      const { latency, requests } = result;
      console.log(
        `| ${scenario.name} | ${Math.round(requests.average)} | ${latency.p50} | ${latency.p90} | ${latency.p99} | ${result.non2xx} | ${result.errors} |`,
      );
    }
  } finally {
    await stopAll([api]);
  }
}
