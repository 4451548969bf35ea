/**
 * What every load benchmark measures beside the shop (docs/benchmarks.md): a bare node:http hello-world in its own
 * process, run with the same autocannon settings, so a result can be read as a ratio on a machine whose load moves;
 * and the CPU time a process has used, which moves much less with the load than throughput does.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { stopAll, waitForHttp } from '../../scripts/lib.mjs';

/** Starts the hello-world on `port`; `measure()` answers its requests per second over `duration` seconds. */
export async function helloWorld({ port, duration }) {
  const child = spawn(process.execPath, ['-e', `require('node:http').createServer((q, s) => s.end('hello world')).listen(${port}, '127.0.0.1')`], {
    stdio: 'inherit',
  });
  await waitForHttp(`http://127.0.0.1:${port}/`, { child, timeoutMs: 10_000 });
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
