/**
 * A whole shop laid out as in production, on one machine (issue 23, decision 105): PostgreSQL (a fresh database on
 * the server TEST_DATABASE_URL names), Redis, an S3-compatible object store (s3rver), two API processes and two
 * storefront processes, and nginx balancing across them. Used by scale-out.scale.mjs; the storefront must have been
 * built (`npm test` builds it for the browser tests that run first).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import S3rver from 's3rver';
import { root, run, startApi, startService, startWeb, stopAll, waitForHttp } from '../lib.mjs';
import { nginxConfig } from './nginx-config.mjs';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const BUCKET = 'shop-scale-out';

/** A port nobody listens on right now. */
async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A new empty database beside the one TEST_DATABASE_URL names; answers its URL and a function that drops it. */
async function freshDatabase(serverUrl) {
  const name = `shop_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startCluster() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: the scale-out test needs a PostgreSQL server');
  const work = mkdtempSync(join(tmpdir(), 'shop-scale-'));
  const children = [];
  const cleanups = [];
  const cluster = { children, work };
  try {
    const database = await freshDatabase(serverUrl);
    cleanups.push(() => database.drop());

    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb(); // the test's own Redis database (9 by default), so every limit starts at zero
    cleanups.push(() => redis.quit());

    const s3Port = await freePort();
    const s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: join(work, 's3'), configureBuckets: [{ name: BUCKET }] });
    await s3.run();
    cleanups.push(() => s3.close());

    const [lb, api1, api2, web1, web2] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    const siteUrl = `http://localhost:${lb}`;
    const admin = { email: 'scale-admin@example.com', password: randomBytes(12).toString('base64url') };
    const shared = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SITE_URL: siteUrl,
      // One secret for every API process, as the README says: without it each would make its own (in its data folder),
      // and a code or session signed by one would be refused by the other.
      AUTH_SECRET: randomBytes(32).toString('base64'),
      // One customer places many orders in the kill test; the per-customer abuse limits are tested elsewhere.
      ORDER_LIMIT_PER_MINUTE: '100000',
      ORDER_LIMIT_PER_HOUR: '100000',
      OPEN_COD_ORDERS_MAX: '100000',
    };
    // The schema and the admin first, then the API processes one after the other: each migrates at start, and two
    // migrating one empty database at once is a deployment's job to avoid (run one first), not this test's subject.
    await run(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/cli/create-admin.ts'), `--email=${admin.email}`, `--password=${admin.password}`], {
      cwd: root,
      env: { ...process.env, ...shared, DATA_DIR: join(work, 'admin') },
      stdio: 'ignore',
    });
    const apis = [];
    for (const [i, port] of [api1, api2].entries()) {
      // Each process has a data folder of its own: nothing may depend on another process's disk.
      const dataDir = join(work, `api${i + 1}`);
      mkdirSync(dataDir);
      const child = startApi({ ...shared, API_PORT: String(port), DATA_DIR: dataDir });
      children.push(child);
      await waitForHttp(`http://127.0.0.1:${port}/api/health`, { child });
      apis.push({ port, child, url: `http://127.0.0.1:${port}` });
    }
    const webs = [];
    for (const port of [web1, web2]) {
      const child = startWeb(port, { NODE_ENV: 'production', API_ORIGIN: siteUrl, SITE_URL: siteUrl, REDIS_URL });
      children.push(child);
      webs.push({ port, child, url: `http://127.0.0.1:${port}` });
    }
    const nginxDir = join(work, 'nginx');
    mkdirSync(nginxDir);
    const configFile = join(nginxDir, 'nginx.conf');
    writeFileSync(configFile, nginxConfig({ port: lb, prefix: nginxDir, apis: [api1, api2], webs: [web1, web2] }));
    const nginx = startService('nginx', NGINX, ['-c', configFile, '-p', nginxDir]);
    children.push(nginx);
    await Promise.all(webs.map((web) => waitForHttp(`${web.url}/terms`, { child: web.child })));
    await waitForHttp(`${siteUrl}/api/health`, { child: nginx });
    Object.assign(cluster, { url: siteUrl, apis, webs, admin, databaseUrl: database.url, s3: { port: s3Port, bucket: BUCKET } });
  } catch (error) {
    await stopCluster({ children, cleanups, work });
    throw error;
  }
  cluster.cleanups = cleanups;
  return cluster;
}

export async function stopCluster({ children, cleanups = [], work }) {
  await stopAll(children);
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
