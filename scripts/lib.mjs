// Small process helpers shared by start.mjs, dev.mjs and test.mjs.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
export const webDir = join(root, 'apps/web');
export const nextBin = join(root, 'node_modules/next/dist/bin/next');

/** Runs a command to completion, inheriting the terminal; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`))));
  });
}

/** Starts a long-running process; its output is prefixed so the API and the storefront can be told apart. */
export function startService(name, command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = (stream, target) => {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) target.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return child;
}

/** Polls a URL until it answers 200, or fails after the timeout. */
export async function waitForHttp(url, { timeoutMs = 180_000, child } = {}) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * waitForHttp for a process just started: one that does not answer is stopped before the error is thrown, so a failed
 * start does not leave it holding its port for the next run.
 */
export async function waitForHttpOrStop(url, { child, timeoutMs }) {
  try {
    await waitForHttp(url, { child, timeoutMs });
  } catch (error) {
    await stopAll([child]);
    throw error;
  }
}

/** A fingerprint of everything the storefront build depends on, so a stale build is rebuilt. */
function sourceStamp() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.next') || entry.name === 'e2e') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path}:${statSync(path).size}:${statSync(path).mtimeMs}\n`);
    }
  };
  walk(join(webDir, 'src'));
  walk(join(webDir, 'public'));
  // next.config.ts's post-build step (compressed copies of static files) lives here.
  walk(join(webDir, 'server'));
  walk(join(root, 'packages/domain/src'));
  for (const file of ['next.config.ts', 'package.json', 'postcss.config.mjs']) hash.update(readFileSync(join(webDir, file)));
  return hash.digest('hex');
}

/**
 * Builds the storefront when it has never been built or its sources changed since the last build. The output folder
 * follows NEXT_DIST_DIR, as `next start` does, so a second shop can build and run beside the first. `signal` stops
 * the build (npm start, when the API cannot start).
 */
export async function buildWebIfNeeded(distDir = process.env.NEXT_DIST_DIR ?? '.next', { signal } = {}) {
  const stampFile = join(webDir, distDir, '.source-stamp');
  const stamp = sourceStamp();
  if (existsSync(join(webDir, distDir, 'BUILD_ID')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    return false;
  }
  console.log('[start] building the storefront (first start or changed sources)…');
  await run(process.execPath, [nextBin, 'build'], {
    cwd: webDir,
    // Always a production build, which is what `next start` serves: NODE_ENV=development in the shell (the API's
    // loopback providers on PostgreSQL, as the benchmarks run it) made `next build` fail prerendering its error page.
    env: { ...process.env, NODE_ENV: 'production', NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
    signal,
  });
  writeFileSync(stampFile, stamp);
  return true;
}

/**
 * The secret the API calls the storefront's /_shop/revalidate with (decision 095): REVALIDATE_SECRET when set, else
 * one made for this run, given to both processes started from here.
 */
const revalidateSecret = process.env.REVALIDATE_SECRET || randomBytes(32).toString('base64url');

/** `nodeArgs` go before the script, e.g. `--cpu-prof` when a benchmark profiles the API. */
export function startApi(env, nodeArgs = []) {
  return startService('api', process.execPath, [...nodeArgs, '--import', 'tsx', join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: { ...process.env, REVALIDATE_SECRET: revalidateSecret, ...env },
  });
}

export function startWeb(port, env) {
  // apps/web/server.mjs is `next start` plus the shopper's address on forwarded API calls (docs/decisions/016).
  return startService('web', process.execPath, [join(webDir, 'server.mjs')], {
    cwd: webDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', REVALIDATE_SECRET: revalidateSecret, ...env, PORT: String(port) },
  });
}

/** Stops child processes and waits for them to exit. */
export async function stopAll(children) {
  await Promise.all(
    children
      .filter((child) => child && child.exitCode === null && child.signalCode === null)
      .map(
        (child) =>
          new Promise((r) => {
            child.once('exit', r);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
  );
}
