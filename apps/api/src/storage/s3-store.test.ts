import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3Server, type LocalS3Server } from './local-s3-server.ts';
import { objectStoreContract } from './object-store-contract.ts';
import { S3Store } from './s3-store.ts';

let server: LocalS3Server;
let store: S3Store;
const others: S3Store[] = [];

beforeAll(async () => {
  server = await startLocalS3Server();
  store = new S3Store(server.options);
});

afterAll(async () => {
  for (const s3 of [store, ...others]) s3?.destroy();
  await server?.stop();
});

/** Another client on the same server, closed with the rest. */
function storeWith(changes: Partial<LocalS3Server['options']>): S3Store {
  const other = new S3Store({ ...server.options, ...changes });
  others.push(other);
  return other;
}

describe('S3Store against a local S3-compatible server: the object store contract', () => {
  objectStoreContract(() => store);
});

describe('S3Store', () => {
  it('describes itself by bucket and endpoint, never by its keys', () => {
    expect(store.description).toBe(`s3 bucket ${server.options.bucket} at ${server.options.endpoint}`);
    expect(store.description).not.toContain(server.options.secretAccessKey);
  });

  it('signs its requests: a wrong secret is refused, not let through', async () => {
    const wrong = storeWith({ secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('signed/x.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    await expect(wrong.get('signed/x.png')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });

  it('treats a missing bucket as a broken setting, not as a missing object', async () => {
    const missing = storeWith({ bucket: 'no-such-bucket-here' });
    await expect(missing.get('any/x.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(missing.put('any/x.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('gives up on an endpoint that is not there instead of hanging', async () => {
    const nowhere = storeWith({ endpoint: 'http://127.0.0.1:9' });
    await expect(nowhere.get('any/x.png')).rejects.toThrow();
  });
});
