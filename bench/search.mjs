// Typo search with the API's response cache off (issue 23): every request plans the query, reads the lexicon and
// asks PostgreSQL. A bare node:http hello-world is measured with the same load before and after, so runs on a busy
// machine compare as ratios.
//
// Usage: DATABASE_URL=postgres://… node bench/search.mjs   (seed first: npm run seed -- --products 100000 --reset)
// BENCH_SEARCH_WORDS=keychian,… picks the searches (default: misspellings only); BENCH_SECONDS the length of each run.
import autocannon from 'autocannon';
import { runLoad } from './lib/steady-rate.mjs';
import pg from 'pg';
import { startApi, stopAll, waitForHttp } from '../scripts/lib.mjs';
import { helloWorld, cpuSeconds, backendSecondsBetween } from './lib/reference.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database seeded with the benchmark catalogue.');
  process.exit(1);
}
const port = Number(process.env.BENCH_API_PORT ?? 4810);
const helloPort = Number(process.env.BENCH_HELLO_PORT ?? port + 1);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
// Misspellings shoppers type (apps/api/test/catalogue/search-misspellings.ts has the full set): every one is corrected.
const words = (process.env.BENCH_SEARCH_WORDS ?? 'keychian,kecyhain,locekt,frmae,neckalce,cusion,raakhi,jhumki,walet,cnadle').split(',');

const hello = await helloWorld({ port: helloPort, duration: duration });
// Not NODE_ENV=production: that, with DATABASE_URL, needs real mail and SMS gateways (decision 055); nothing here sends.
const api = startApi({ API_PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'development', CATALOGUE_CACHE_SECONDS: '0' });
try {
  await waitForHttp(`${base}/api/health`, { child: api });
  let i = 0;
  const requests = [{ setupRequest: (req) => ({ ...req, path: `/api/products/search?q=${encodeURIComponent(words[i++ % words.length])}&limit=24` }) }];
  for (const word of words) {
    const page = await (await fetch(`${base}/api/products/search?q=${encodeURIComponent(word)}&limit=24`)).json();
    console.log(`  ${word}: ${page.total} matches, first "${page.data[0]?.name ?? '-'}"`);
  }
  // Warm-up: connections, JIT and PostgreSQL's buffers, as any running shop has them.
  await autocannon({ url: base, duration: 3, connections: 10, requests });

  const helloBefore = await hello.measure();
  const scenarios = [
    { name: 'typo search, cache off, max throughput', connections: 10 },
    { name: 'typo search, cache off, at 50 req/s', connections: 10, overallRate: 50 },
  ];
  const results = [];
  const db = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-search' });
  await db.connect();
  for (const scenario of scenarios) {
    const before = await cpuCounters(db, api.pid);
    const result = await runLoad({ url: base, duration, requests, ...scenario });
    const after = await cpuCounters(db, api.pid);
    const searches = result.requests.total;
    const cpu = { api: after.api - before.api, database: backendSecondsBetween(before.database, after.database) };
    results.push({ scenario, result, cpuMs: { api: (cpu.api * 1000) / searches, database: (cpu.database * 1000) / searches } });
  }
  await db.end();
  const helloAfter = await hello.measure();
  const helloMean = (helloBefore + helloAfter) / 2;

  console.log(`\nSearches: ${words.join(', ')}; ${duration} s per scenario.`);
  console.log(`hello-world (node:http, 20 connections): ${helloBefore.toFixed(0)} req/s before, ${helloAfter.toFixed(0)} req/s after\n`);
  console.log('| scenario | req/s (mean) | × hello-world | p50 ms | p90 ms | p99 ms | CPU ms a search (API + PostgreSQL) | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { scenario, result, cpuMs } of results) {
    const { latency, requests: rate } = result;
    const ratio = (rate.average / helloMean).toFixed(3);
    const cpu = `${(cpuMs.api + cpuMs.database).toFixed(1)} (${cpuMs.api.toFixed(1)} + ${cpuMs.database.toFixed(1)})`;
    const row = [scenario.name, Math.round(rate.average), ratio, latency.p50, latency.p90, latency.p99, cpu, result.non2xx, result.errors];
    console.log(`| ${row.join(' | ')} |`);
  }
} finally {
  await stopAll([api]);
  await hello.stop();
}

/** CPU of the API process and of the database's server processes serving it (not this bench's own connection). */
async function cpuCounters(db, apiPid) {
  const { rows } = await db.query(`select pid from pg_stat_activity where datname = current_database() and application_name <> 'bench-search'`);
  return { api: cpuSeconds(apiPid), database: new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)])) };
}
