import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StoreOptions } from './s3-store.ts';

/**
 * A real S3-compatible server for tests, started in this process on a free port: s3rver (the maintained
 * @20minutes fork), which speaks the S3 REST API over HTTP, checks SigV4 signatures and keeps objects in a temp
 * folder. `npm test` needs nothing else installed (docs/decisions/024).
 *
 * Set TEST_S3_ENDPOINT, TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY (and optionally
 * TEST_S3_REGION, TEST_S3_FORCE_PATH_STYLE=false) to run the same tests against another server, e.g. MinIO.
 */
export interface LocalS3Server {
  options: S3StoreOptions;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string }[] }) => S3rverInstance;

/** s3rver's built-in account: it refuses any other key pair. */
const S3RVER_KEY = 'S3RVER';

export async function startLocalS3Server(bucket = 'shop-uploads-test'): Promise<LocalS3Server> {
  const external = externalServer();
  if (external) return { options: external, stop: async () => {} };

  // s3rver is CommonJS without types; the class shape above is the part these tests use.
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const directory = await mkdtemp(join(tmpdir(), 'shop-s3rver-'));
  // silent: no request log, and Koa's own error printing is off (a logged console.error fails a test).
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    options: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      region: 'us-east-1',
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function externalServer(): S3StoreOptions | undefined {
  const env = process.env;
  const { TEST_S3_ENDPOINT, TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY } = env;
  if (!TEST_S3_ENDPOINT || !TEST_S3_BUCKET || !TEST_S3_ACCESS_KEY_ID || !TEST_S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: TEST_S3_ENDPOINT,
    bucket: TEST_S3_BUCKET,
    accessKeyId: TEST_S3_ACCESS_KEY_ID,
    secretAccessKey: TEST_S3_SECRET_ACCESS_KEY,
    region: env.TEST_S3_REGION || 'us-east-1',
    forcePathStyle: env.TEST_S3_FORCE_PATH_STYLE !== 'false',
  };
}
