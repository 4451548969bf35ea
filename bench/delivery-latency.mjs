// Where the delivery estimate's tail latency comes from (issue 22, decision 088's follow-up): the API built in this
// process on a PostgreSQL database already seeded by bench/delivery-estimate.mjs, requests made one at a time with
// Fastify's inject (no network, no autocannon), each one's wall time kept, and the collector's pauses counted
// (PerformanceObserver 'gc'). Two passes over the same requests:
//   cold: right after the response cache was cleared (as after a product save or import, or in a fresh process, or
//         once the 30 s window ran out), so pincodes and products are read as each is first asked for;
//   warm: the same requests again.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_delivery node --import tsx bench/delivery-latency.mjs
// BENCH_REQUESTS (default 2,000) requests per pass; BENCH_PACE_MS (default 0) waits between requests, as a steady
// 200/s would (5). Since the in-memory directory (routes/delivery), the cold pass first waits for it to load, as a
// process does in the background after start or an invalidation; BENCH_WAIT_WARM=0 measures the requests that come
// while it loads (they read through the memo).
// Decision 119 adds:
//   BENCH_RATE=200: requests at a steady rate without waiting for each other (open loop), each one's time counted from
//     when it was due, so a stall of the event loop shows in every request that came during it (no coordinated
//     omission); BENCH_PACE_MS is then ignored.
//   BENCH_CHANGES_EVERY_MS=50: catalogue changes during each pass, as sell-outs and staff saves make them, through the
//     response cache's invalidation (what another API process's NOTIFY does too); BENCH_CHANGES (default
//     `products` ×4, `anything`, `products` ×4, `pincodes`) is the cycle: `products` names one product (a sell-out),
//     `anything` names nothing (every product's facts are read again), `pincodes` is a serviceability import.
// Each pass also reports the event loop's delay (monitorEventLoopDelay) and the directory's reloads.
// Decision 128 adds where the slow requests' time went: each request slower than BENCH_SLOW_MS (default 10) is put
// down to a collector pause that overlapped it (the longest one's kind: scavenge, mark-compact, incremental marking,
// weak callbacks), else to a stall of the event loop of 5 ms or more with no pause in it (a 1 ms timer's late turns)
// in which the process used CPU (synchronous work of the shop, the bench, a reload, a job) or did not (it waited for
// a core: the machine's load), else to neither (it waited behind other requests). The
// longest stalls are listed with their collector pauses and hrtime (µs, the clock of a --cpu-prof profile's
// timestamps), so a profile of the same run shows what ran in them. BENCH_JOBS=1 builds the app with its background
// jobs on (payments and COD expiry, reconciliations, housekeeping: as `npm start` runs them); off by default.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from '@shop/db';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { PINCODES_CHANGED, productsChanged } from '../apps/api/src/lib/catalogue-change.ts';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to the database bench/delivery-estimate.mjs seeded.');
  process.exit(1);
}
const count = Number(process.env.BENCH_REQUESTS ?? 2000);
const pace = Number(process.env.BENCH_PACE_MS ?? 0);
const rate = Number(process.env.BENCH_RATE ?? 0);
const changesEvery = Number(process.env.BENCH_CHANGES_EVERY_MS ?? 0);
const changeCycle = (process.env.BENCH_CHANGES ?? 'products,products,products,products,anything,products,products,products,products,pincodes').split(',');
const slowMs = Number(process.env.BENCH_SLOW_MS ?? 10);
const withJobs = process.env.BENCH_JOBS === '1';
const handle = await connect({ url, poolSize: 4 });
const app = await buildApp({
  config: { logLevel: 'warn', responseCacheSeconds: 30, trustProxy: false, mediaDir: join(tmpdir(), 'shop-bench-delivery-media') },
  db: handle,
  logger: false,
  ...(withJobs ? {} : { housekeeping: false }),
});
await app.ready();
const rows = (result) => result.rows ?? result;
const pincodes = rows(await handle.db.execute(sql`select pincode from pincodes where serviceable order by random() limit ${count}`)).map((r) => r.pincode);
const products = rows(await handle.db.execute(sql`select id from products where published order by random() limit 300`)).map((r) => r.id);

/** The collector's pauses of the running pass: start and end (performance.now() ms) and kind. */
let gcPauses = [];
const GC_KINDS = { 1: 'scavenge', 2: 'minor mark-sweep', 4: 'mark-compact', 8: 'incremental marking', 16: 'weak callbacks' };
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcPauses.push({ start: entry.startTime, end: entry.startTime + entry.duration, duration: entry.duration, kind: GC_KINDS[entry.detail?.kind] ?? 'other' });
  }
});
observer.observe({ entryTypes: ['gc'] });

/**
 * Stalls of the event loop: a 1 ms interval timer that comes back late by `minMs` or more was kept from running, by
 * something synchronous in this process (a collector pause, or code: the process used CPU for at least half the
 * stall) or by the machine (it did not: the process waited for a core, as on a shared machine). Each stall is
 * [start, end] in performance.now() ms, with `onCpu`.
 */
function watchStalls(minMs = 5) {
  const stalls = [];
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    if (now - last >= minMs + 1) {
      const usedMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
      stalls.push({ start: last, end: now, onCpu: usedMs >= (now - last) / 2 });
    }
    last = now;
    lastCpu = cpu;
  }, 1);
  return {
    stalls,
    stop: () => clearInterval(timer),
  };
}

const overlaps = (a, b) => a.start < b.end && b.start < a.end;
/**
 * Where each slow request's time went (decision 128): a collector pause in it; else a stall in which this process ran
 * (its own synchronous code); else a stall in which it did not (waiting for a core); else neither (queued behind
 * other requests).
 */
function attribute(spans, stalls) {
  const slow = spans.filter((span) => span.end - span.start > slowMs);
  const byKind = new Map();
  let stalled = 0;
  let offCpu = 0;
  let queued = 0;
  for (const span of slow) {
    const pauses = gcPauses.filter((pause) => overlaps(pause, span));
    const during = stalls.filter((stall) => overlaps(stall, span));
    if (pauses.length > 0) {
      const longest = pauses.reduce((a, b) => (b.duration > a.duration ? b : a));
      byKind.set(longest.kind, (byKind.get(longest.kind) ?? 0) + 1);
    } else if (during.some((stall) => stall.onCpu)) stalled++;
    else if (during.length > 0) offCpu++;
    else queued++;
  }
  const gc = [...byKind].map(([kind, n]) => `${n} ${kind}`).join(', ');
  const longest = [...stalls]
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, 5)
    .map((stall) => {
      const inside = gcPauses.filter((pause) => overlaps(pause, stall));
      const gcIn = inside.length ? inside.map((pause) => `${pause.kind} ${pause.duration.toFixed(1)}`).join(' + ') : 'no GC';
      return `${(stall.end - stall.start).toFixed(1)} ms at ${hrtimeUs(stall.start)} µs (${gcIn}, ${stall.onCpu ? 'on CPU' : 'waiting for a core'})`;
    });
  const onCpu = stalls.filter((stall) => stall.onCpu).length;
  return (
    `slower than ${slowMs} ms: ${slow.length}, of them in a GC pause ${slow.length - stalled - offCpu - queued}${gc ? ` (${gc})` : ''}, ` +
    `in a stall running other code ${stalled}, in a stall waiting for a core ${offCpu}, queued only ${queued}; ` +
    `${stalls.length} stalls of 5 ms or more (${onCpu} on CPU)` +
    (longest.length ? `, longest: ${longest.join('; ')}` : '')
  );
}
/** performance.now() ms as the monotonic clock in µs that --cpu-prof's timestamps use. */
const clockOffsetUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
const hrtimeUs = (ms) => Math.round(clockOffsetUs + ms * 1000);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
/** Catalogue changes every `changesEvery` ms until the returned function is called; it answers how many were made. */
function makeChanges() {
  if (changesEvery <= 0) return async () => 0;
  let made = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      await sleep(changesEvery);
      if (!running) break;
      const kind = changeCycle[made % changeCycle.length];
      const changed = kind === 'pincodes' ? PINCODES_CHANGED : kind === 'anything' ? '' : productsChanged([products[made % products.length]]);
      made++;
      await app.responseCache.invalidate(undefined, { awaitStorefront: false, changed });
    }
  })();
  return async () => {
    running = false;
    await loop;
    return made;
  };
}

/** One request, timed from `due` (performance.now()): the moment it was sent, or the moment it should have been (BENCH_RATE). */
async function timed(name, request, due, spans) {
  const response = await app.inject(request);
  spans.push({ start: due, end: performance.now() });
  if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
}

async function pass(name, request) {
  gcPauses = [];
  const spans = [];
  const reloadsBefore = { ...app.deliveryDirectory?.reloads };
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const watch = watchStalls();
  const stopChanges = makeChanges();
  const load = loadavg()[0].toFixed(1);
  if (rate > 0) {
    // Open loop: request i is due at start + i / rate, whether or not the ones before it have been answered.
    const start = performance.now();
    const every = 1000 / rate;
    const inFlight = [];
    for (let i = 0; i < count; i++) {
      const due = start + i * every;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      inFlight.push(timed(name, request(i), due, spans));
    }
    await Promise.all(inFlight);
  } else {
    for (let i = 0; i < count; i++) {
      await timed(name, request(i), performance.now(), spans);
      if (pace > 0) await sleep(pace);
    }
  }
  const changes = await stopChanges();
  await app.deliveryDirectory?.settle?.();
  loop.disable();
  watch.stop();
  await sleep(50);
  const times = spans.map((span) => span.end - span.start).sort((a, b) => a - b);
  const gc = gcPauses.map((pause) => pause.duration).sort((a, b) => a - b);
  const reloads = Object.entries(app.deliveryDirectory?.reloads ?? {})
    .map(([table, n]) => `${table} ${n - (reloadsBefore[table] ?? 0)}`)
    .join(', ');
  console.log(
    `${name}: p50 ${pct(times, 50).toFixed(2)} ms, p90 ${pct(times, 90).toFixed(2)}, p99 ${pct(times, 99).toFixed(2)}, max ${times.at(-1).toFixed(2)}; ` +
      `GC pauses ${gc.length}, total ${gc.reduce((a, b) => a + b, 0).toFixed(1)} ms, longest ${(gc.at(-1) ?? 0).toFixed(2)} ms; ` +
      `event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms; ` +
      `${changes} catalogue changes, reloads: ${reloads || 'none'} [load ${load} at start]\n  ${attribute(spans, watch.stalls)}`,
  );
}

const get = (i) => ({ method: 'GET', url: `/api/delivery/estimate?pincode=${pincodes[i % pincodes.length]}&productId=${products[(i * 7) % products.length]}` });
const post = (i) => ({
  method: 'POST',
  url: '/api/delivery/estimate',
  payload: { pincode: pincodes[i % pincodes.length], lines: [0, 1, 2].map((k) => ({ productId: products[(i * 7 + k * 13) % products.length] })) },
});
console.log(
  `${count} requests a pass, ${rate > 0 ? `${rate}/s open loop` : pace > 0 ? `one at a time, ${pace} ms apart` : 'one at a time'}; ` +
    `${changesEvery > 0 ? `a catalogue change every ${changesEvery} ms (${changeCycle.join(', ')})` : 'no catalogue changes'}; ` +
    `background jobs ${withJobs ? 'on' : 'off'}`,
);
try {
  // JIT warm-up on other requests, then the two passes for each route.
  for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url: '/api/nope' });
  for (const [name, request] of [
    ['GET', get],
    ['POST', post],
  ]) {
    await app.responseCache.invalidate(undefined, { awaitStorefront: false });
    // What the start-up (or the invalidation) does in the background before the requests come.
    if (process.env.BENCH_WAIT_WARM !== '0') await app.deliveryDirectory?.load();
    await pass(`${name} cold`, request);
    await pass(`${name} warm`, request);
  }
} finally {
  observer.disconnect();
  await app.close();
  await handle.close();
}
