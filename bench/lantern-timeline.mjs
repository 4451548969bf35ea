// Why a page's total blocking time is what it is: runs Lighthouse once (mobile defaults) on one page and prints the
// timeline of Lighthouse's own simulation (Lantern), not the observed trace. Lighthouse reports TBT from that
// simulation: every observed task is stretched 4x (2x when it laid out), network requests are replayed at 1.6 Mbit/s,
// and what lies past 50 ms between the simulated first contentful paint and time to interactive counts. So a task can
// count because of where the simulation puts it, which no observed trace shows. Usage, with the shop running:
//   node bench/lantern-timeline.mjs http://localhost:3000 /product/some-slug
// BENCH_TLS=1 puts nginx with TLS and HTTP/2 in front first, as bench/pages.mjs does (port BENCH_TLS_PORT, 3443).
// It reads Lighthouse's internal computed artifacts (lighthouse/core/computed/metrics/*), so it follows the version
// in package-lock.json; docs/benchmarks.md (stop 41) has what it showed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { startTlsFront } from './lib/tls-front.mjs';

const [shop = 'http://localhost:3000', path = '/'] = process.argv.slice(2);
const front = process.env.BENCH_TLS === '1' ? await startTlsFront({ upstream: shop, port: Number(process.env.BENCH_TLS_PORT ?? 3443) }) : null;
const artifactsDir = mkdtempSync(join(tmpdir(), 'lantern-'));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--ignore-certificate-errors'],
});
try {
  // gatherMode keeps the trace and the DevTools log, which the simulation is computed from.
  await lighthouse((front?.url ?? shop) + path, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'], gatherMode: artifactsDir });
  const artifacts = await loadArtifacts(artifactsDir);
  if (artifacts.PageLoadError) throw new Error(`Lighthouse could not load the page: ${artifacts.PageLoadError.code ?? artifacts.PageLoadError}`);
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: artifacts.settings,
    URL: artifacts.URL,
    SourceMaps: [],
    simulator: null,
  };
  const context = { computedCache: new Map(), settings: artifacts.settings };
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const tti = await LanternInteractive.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const ms = (n) => Math.round(n);
  console.log(
    `first contentful paint ${ms(fcp.optimisticEstimate.timeInMs)} / ${ms(fcp.pessimisticEstimate.timeInMs)} ms (optimistic / pessimistic), ` +
      `interactive ${ms(tti.optimisticEstimate.timeInMs)} / ${ms(tti.pessimisticEstimate.timeInMs)} ms, total blocking time ${ms(tbt.timing)} ms`,
  );
  printTimeline('The first contentful paint graph (optimistic): what Lighthouse holds a first paint waits for', fcp.optimisticEstimate);
  // TBT's pessimistic estimate starts counting at the optimistic first paint and stops at the pessimistic interactive.
  printTimeline('The whole page (total blocking time, pessimistic)', tbt.pessimisticEstimate, {
    from: fcp.optimisticEstimate.timeInMs,
    to: tti.pessimisticEstimate.timeInMs,
  });
} finally {
  await chrome.kill();
  await front?.stop();
  rmSync(artifactsDir, { recursive: true, force: true });
}

/** Each network request and each task of 10 ms or more, in simulated order; `window` marks what counts as blocking. */
function printTimeline(title, estimate, window) {
  console.log(`\n${title}`);
  const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, { startTime, endTime }] of rows) {
    const span = `${Math.round(startTime)}–${Math.round(endTime)} ms`;
    if (node.type === 'network') {
      const name = node.request.url.split('/').pop().slice(0, 48) || node.request.url;
      console.log(`  ${span}  ${node.request.resourceType} ${(node.request.transferSize / 1000).toFixed(1)} kB ${name}`);
      continue;
    }
    if (endTime - startTime < 10) continue;
    const blocking = window ? Math.max(0, Math.min(endTime, window.to) - Math.max(startTime, window.from) - 50) : 0;
    console.log(
      `  ${span}  task, observed ${Math.round(node.duration / 1000)} ms${onCpu(node)}: ${largestParts(node)}${blocking > 0 ? `  → ${Math.round(blocking)} ms blocking` : ''}`,
    );
  }
}

/**
 * How long the renderer's main thread was on a CPU during the task (the trace's thread time). Lantern stretches the
 * wall time, so on a busy machine a task counts for the time its thread waited for a core too: on this 2-core machine
 * the first layout and the navigation's commit were on a CPU for 10–30% of their wall time (docs/benchmarks.md, stop 42).
 */
function onCpu(node) {
  const threadTime = node.event?.tdur;
  return typeof threadTime === 'number' ? ` (on CPU ${Math.round(threadTime / 1000)} ms)` : '';
}

/** A task's three longest kinds of trace event (wall time), which says what the task was: a commit, a layout, a script. */
function largestParts(node) {
  const byName = new Map();
  for (const event of node.childEvents) byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  const urls = [...node.getEvaluateScriptURLs()].map((url) => url.split('/').pop());
  const parts = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, wall]) => `${name} ${wall.toFixed(1)}`);
  return `${parts.join(', ')}${urls.length > 0 ? ` (${urls.join(', ')})` : ''}`;
}
