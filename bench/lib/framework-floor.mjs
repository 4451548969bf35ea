/**
 * The framework floor (decision 134): a Next.js app with one static page and nothing of the shop in it, built with the
 * repository's own Next.js and React and served by `next start`. The page benchmark runs Lighthouse and the main-thread
 * trace on it in the same run and the same Chromium as the shop's pages, as the load benchmarks run a hello-world
 * beside the API. Lighthouse's phone model multiplies the browser's own speed, which moves three- to fourfold between
 * machines here; a floor that itself misses a target says the machine, not the shop, decides that run.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { nextBin, root, run, stopAll, waitForHttpOrStop } from '../../scripts/lib.mjs';

const appDir = join(import.meta.dirname, 'framework-floor');

/**
 * Builds the floor app when it has no build or one made by another Next.js version (the build folder stays, ignored
 * by git), then serves it on `port`; answers url and stop().
 */
export async function startFrameworkFloor({ port }) {
  const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  delete env.NEXT_DIST_DIR; // the shop's build folder setting is not the floor's
  const version = JSON.parse(readFileSync(join(root, 'node_modules/next/package.json'), 'utf8')).version;
  const stamp = join(appDir, '.next', 'next-version');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== version) {
    // Its progress is not the benchmark's output (a table on stdout); its errors are.
    await run(process.execPath, [nextBin, 'build'], { cwd: appDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    writeFileSync(stamp, version);
  }
  await assertPortFree(port);
  const child = spawn(process.execPath, [nextBin, 'start', '--port', String(port), '--hostname', '127.0.0.1'], { cwd: appDir, env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttpOrStop(`${url}/`, { child, timeoutMs: 30_000 });
  return { url, stop: () => stopAll([child]) };
}

/**
 * A floor left running by an earlier, interrupted run would answer the readiness poll at once while the new `next
 * start` exits on the busy port, and the bench would measure whatever holds the port. Said instead.
 */
async function assertPortFree(port) {
  const probe = createServer();
  await new Promise((resolve, reject) => {
    probe.once('error', (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is in use (a framework floor left from an earlier run?): stop it or set BENCH_FLOOR_PORT`)
          : error,
      ),
    );
    probe.listen(port, '127.0.0.1', resolve);
  });
  await new Promise((resolve) => probe.close(resolve));
}
