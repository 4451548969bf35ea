/**
 * A steady request rate, for the targets written "p99 at N requests/s" (decision 129).
 *
 * autocannon's own `overallRate` does not send at a steady rate: each connection sends its share of the second's
 * requests back to back as the second starts, then waits for the next second, so "200/s" over 10 connections is a
 * burst of 200 requests at full speed every second. It also corrects for coordinated omission with an expected
 * interval of `ceil(1 / rate)` = 1 ms, which records a 20 ms answer as twenty answers of 20, 19, … 1 ms. Both make
 * the tail longer than what a shop sees from shoppers arriving one by one.
 *
 * Here request i is due at start + i / rate and is sent then (open loop: whatever happened to earlier requests), on
 * at most `connections` kept-alive sockets (further requests wait for a socket), and its latency is counted from when
 * it was due to the last byte of its answer. A stall of the server, of this process's timers or of a socket shows in
 * every request due during it, so nothing is omitted.
 *
 * The options and the result have autocannon's shape for what the benchmarks use: `url`, `duration` (s),
 * `connections`, `overallRate`, `method`, `headers`, `body`, `requests` (each with `method`, `path`, `headers`,
 * `body`, `setupRequest(request)`, `onResponse(status, body)`; taken in turn); the result's `requests.average`,
 * `requests.total`, `latency.{p50,p90,p97_5,p99,max,mean}` (ms), `non2xx`, `errors`, `timeouts`.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/** autocannon for a scenario at full speed, a steady rate for one with `overallRate` (unless BENCH_BURSTS=1). */
export function runLoad(options) {
  return options.overallRate && process.env.BENCH_BURSTS !== '1' ? steadyRate(options) : autocannon(options);
}

export async function steadyRate({ url, duration = 10, connections = 10, overallRate, method = 'GET', headers = {}, body, requests = [{}], timeout = 10 }) {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(overallRate * duration);
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;

  const send = (i, due) =>
    new Promise((resolve) => {
      const item = requests[i % requests.length];
      const template = {
        method: item.method ?? method,
        path: item.path ?? `${base.pathname}${base.search}`,
        headers: { ...headers, ...item.headers },
        body: item.body ?? body,
      };
      const request = item.setupRequest ? item.setupRequest(template, {}) : template;
      const payload = request.body === undefined ? undefined : Buffer.from(request.body);
      const outgoing = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method: request.method,
          path: request.path,
          headers: payload ? { ...request.headers, 'content-length': payload.length } : request.headers,
          timeout: timeout * 1000,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if (response.statusCode < 200 || response.statusCode >= 300) non2xx++;
            item.onResponse?.(response.statusCode, Buffer.concat(chunks).toString('utf8'), {});
            resolve();
          });
        },
      );
      let timedOut = false;
      outgoing.on('timeout', () => {
        timedOut = true;
        timeouts++;
        outgoing.destroy(new Error('timeout'));
      });
      // A timed-out request is counted once, as a timeout (autocannon's result keeps the two apart too).
      outgoing.on('error', () => {
        if (!timedOut) errors++;
        resolve();
      });
      outgoing.end(payload);
    });

  const inFlight = [];
  const start = performance.now();
  for (let i = 0; i < total;) {
    const now = performance.now();
    // Send every request that is due (several at once if this process was late), then sleep until the next one.
    while (i < total && start + (i * 1000) / overallRate <= now) {
      inFlight.push(send(i, start + (i * 1000) / overallRate));
      i++;
    }
    if (i < total) await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + (i * 1000) / overallRate - performance.now())));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q) => Number((latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? 0).toFixed(1));
  const mean = latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length);
  return {
    requests: { average: latencies.length / elapsed, total: latencies.length },
    latency: { p50: at(0.5), p90: at(0.9), p97_5: at(0.975), p99: at(0.99), max: at(1), mean: Number(mean.toFixed(1)) },
    non2xx,
    errors,
    timeouts,
  };
}
