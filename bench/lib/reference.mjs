/**
 * What every load benchmark measures beside the shop (docs/benchmarks.md): a bare node:http hello-world in its own
 * process, run with the same autocannon settings, so a result can be read as a ratio on a machine whose load moves;
 * and the CPU time a process has used, which moves much less with the load than throughput does.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { stopAll, waitForHttpOrStop } from '../../scripts/lib.mjs';

/** Starts the hello-world on `port`; `measure()` answers its requests per second over `duration` seconds. */
export async function helloWorld({ port, duration }) {
  // Its output is not the benchmark's: a hello-world left behind by a benchmark that failed would otherwise hold a
  // pipe the benchmark's output goes through (`node bench/x.mjs 2>&1 | tail`) open for ever. A port already in use
  // shows as its exit code (1) in waitForHttp's error.
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('hello world')).listen(${port}, '127.0.0.1')`], {
    stdio: 'ignore',
  });
  // Not left behind holding the port if it fails: the next run would fail on it (exit code 1) instead of saying why.
  await waitForHttpOrStop(`http://127.0.0.1:${port}/`, { child, timeoutMs: 10_000 });
  return {
    async measure() {
      const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 20, duration });
      return result.requests.average;
    },
    stop: () => stopAll([child]),
  };
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // the process has gone (a pooled connection closed)
  }
}

/**
 * The CPU seconds a set of database server processes used between two readings (maps of pid to `cpuSeconds`). A
 * process that ended between them reads 0 at the end and is left out (its last seconds are unknown), rather than
 * counted as negative time; one that started between them counts from 0.
 */
export function backendSecondsBetween(start, end) {
  let seconds = 0;
  for (const [pid, now] of end) if (now > 0) seconds += Math.max(0, now - (start.get(pid) ?? 0));
  return seconds;
}
