// `npm test`: every test. Unit and API suites first (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set),
// then the browser tests against a freshly seeded shop started on spare ports.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfNeeded, root, run, startApi, startWeb, stopAll, waitForHttp } from './lib.mjs';

const e2eOnly = process.argv.includes('--e2e-only');
// Anything else on the command line narrows the browser tests to matching files, e.g. `--e2e-only checkout`.
const e2eFilters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const reports = mkdtempSync(join(tmpdir(), 'shop-test-'));
process.env.NEXT_TELEMETRY_DISABLED = '1';

async function vitestRun(projects, name, env = {}, filters = []) {
  const outputFile = join(reports, `${name}.json`);
  const args = [vitest, 'run', ...filters, ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`];
  try {
    await run(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    return true;
  } catch {
    return false;
  } finally {
    if (existsSync(outputFile)) {
      const result = JSON.parse(readFileSync(outputFile, 'utf8'));
      totals.passed += result.numPassedTests;
      totals.failed += result.numFailedTests + (result.numRuntimeErrorTests ?? 0);
      totals.skipped += result.numPendingTests + result.numTodoTests;
      failures.push(...failedTests(result, name));
    } else {
      totals.failed += 1;
    }
  }
}

async function browserTests() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(`Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
    totals.failed += 1;
    return false;
  }
  const webPort = process.env.E2E_WEB_PORT ?? '3900';
  const apiPort = process.env.E2E_API_PORT ?? '4900';
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const env = { API_PORT: apiPort, DATA_DIR: dataDir, SITE_URL: `http://localhost:${webPort}` };
  const children = [];
  // A shop admin for browser tests that play the shop's side (e.g. delivering an order), made before the API opens
  // the embedded database (one process at a time).
  const admin = { E2E_ADMIN_EMAIL: 'e2e-admin@example.com', E2E_ADMIN_PASSWORD: randomBytes(12).toString('base64url') };
  try {
    // `--name=value`: a random password may start with '-', which parseArgs would take for an option.
    const adminArgs = [`--email=${admin.E2E_ADMIN_EMAIL}`, `--password=${admin.E2E_ADMIN_PASSWORD}`];
    await run(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/cli/create-admin.ts'), ...adminArgs], {
      cwd: root,
      env: { ...process.env, ...env, NODE_ENV: 'test' },
    });
    const api = startApi({ ...env, NODE_ENV: 'test' });
    children.push(api);
    await buildWebIfNeeded();
    await waitForHttp(`http://127.0.0.1:${apiPort}/api/health`, { child: api });
    const web = startWeb(webPort, { ...env, NODE_ENV: 'production' });
    children.push(web);
    await waitForHttp(`http://127.0.0.1:${webPort}/terms`, { child: web });
    // One admin session for every test file: per-test sign-ins would run into the API's limit of 5 password sign-ins
    // a minute per account from one address (apps/web/e2e/admin-session.ts, decision 048).
    const adminCookie = await signInAdmin(`http://localhost:${webPort}`, admin);
    return await vitestRun(
      ['e2e'],
      'e2e',
      { E2E_BASE_URL: `http://localhost:${webPort}`, CHROMIUM_PATH: chromium, ...admin, E2E_ADMIN_COOKIE: adminCookie },
      e2eFilters,
    );
  } catch (error) {
    console.error(`Browser tests could not start: ${error.message}`);
    totals.failed += 1;
    return false;
  } finally {
    await stopAll(children);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The scale-out test (issue 23, decision 105): two API and two storefront processes behind nginx, on PostgreSQL,
 * Redis and an S3 test server. It needs nginx and a PostgreSQL server (TEST_DATABASE_URL) besides Redis, which
 * `.ci/run` provides; a developer machine without them skips it, saying why.
 */
async function scaleOutTest() {
  const missing = [
    !existsSync(process.env.NGINX_PATH ?? '/usr/sbin/nginx') && 'nginx (apt-get install -y nginx)',
    !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL (a PostgreSQL server)',
  ].filter(Boolean);
  if (missing.length > 0) {
    console.log(`scale-out test skipped: needs ${missing.join(' and ')}`);
    totals.skipped += 1;
    return true;
  }
  await buildWebIfNeeded();
  return vitestRun(['scale'], 'scale');
}

/** Signs the e2e admin in through the storefront, as a browser would; answers "auth_token=…". */
async function signInAdmin(base, { E2E_ADMIN_EMAIL: email, E2E_ADMIN_PASSWORD: password }) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('auth_token='));
  if (!response.ok || !cookie) throw new Error(`the e2e admin could not sign in (${response.status}): ${await response.text()}`);
  return cookie.split(';')[0];
}

/** The static checks (issue 18): types, lint and format. Each counts as one test that passed or failed. */
async function staticCheck(name, script) {
  const since = Date.now();
  try {
    await run('npm', ['run', '--silent', script], { cwd: root, env: process.env });
    totals.passed += 1;
    console.log(`${name}: clean (${Math.round((Date.now() - since) / 1000)} s)`);
    return true;
  } catch {
    totals.failed += 1;
    failures.push(`${name} (npm run ${script})`);
    console.error(`${name}: FAILED (npm run ${script})`);
    return false;
  }
}

/**
 * The first lines of a failed test's message (the assertion and its expected/received values, without the stack),
 * indented under its name: CI keeps only the end of a run's output, and a flaky failure must say what it saw there.
 */
function whyFailed(messages = []) {
  const lines = (messages[0] ?? '').split('\n').filter((line) => line.trim() !== '' && !/^\s+at /.test(line));
  return lines.slice(0, 12).map((line) => `      ${line.slice(0, 300)}`);
}

/** The failed tests of one vitest JSON report, as "run › file › test" lines, for the summary at the end. */
function failedTests(result, runName) {
  const lines = [];
  for (const file of result.testResults ?? []) {
    const path = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`${runName} › ${path} › ${test.fullName}`, ...whyFailed(test.failureMessages));
    // A file that failed to load or threw outside a test has no failed test to name.
    if (failed.length === 0 && file.status === 'failed') lines.push(`${runName} › ${path} › ${(file.message ?? '').split('\n')[0]}`);
  }
  return lines;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
// Named at the very end, so a CI log's last lines say what failed without scrolling through the whole run.
const failures = [];
const started = Date.now();
let ok = true;
if (!e2eOnly) {
  ok = (await staticCheck('typecheck', 'typecheck')) && ok;
  ok = (await staticCheck('lint', 'lint')) && ok;
  ok = (await vitestRun(['domain', 'db', 'api', 'api-tracing', 'web'], 'unit')) && ok;
}
ok = (await browserTests()) && ok;
if (!e2eOnly || e2eFilters.length === 0) ok = (await scaleOutTest()) && ok;
rmSync(reports, { recursive: true, force: true });

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => (line.startsWith(' ') ? line : `  ✗ ${line}`)).join('\n')}`);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${minutes} min)`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
