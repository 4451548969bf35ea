import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createObjectStore } from './create-object-store.ts';
import { LocalDiskStore } from './local-disk-store.ts';
import { objectStoreContract } from './object-store-contract.ts';
import { S3Store } from './s3-store.ts';

let dir: string;
let store: LocalDiskStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shop-uploads-'));
  store = new LocalDiskStore(join(dir, 'uploads'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('LocalDiskStore: the object store contract', () => {
  objectStoreContract(() => store);
});

describe('LocalDiskStore on disk', () => {
  it('keeps the body as the plain file, readable by its owner only, in owner-only folders', async () => {
    await store.put('orders/ab/photo.webp', Buffer.from('body'), 'image/webp');
    const file = join(dir, 'uploads', 'orders', 'ab', 'photo.webp');
    expect(await readFile(file, 'utf8')).toBe('body');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'uploads', 'orders', 'ab'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'uploads'))).mode & 0o777).toBe(0o700);
  });

  it('replaces an object in one step: readers during an overwrite see the old or the new bytes, never a mix', async () => {
    const key = 'atomic/big.bin';
    const before = Buffer.alloc(8 * 1024 * 1024, 1);
    const after = Buffer.alloc(8 * 1024 * 1024, 2);
    await store.put(key, before, 'application/octet-stream');
    const writing = store.put(key, after, 'application/octet-stream');
    const seen: (number | string)[] = [];
    let done = false;
    void writing.finally(() => (done = true));
    while (!done) {
      const got = await store.get(key);
      if (got === null) seen.push('missing');
      else if (got.body.equals(before)) seen.push(1);
      else if (got.body.equals(after)) seen.push(2);
      else seen.push(`torn (${got.body.length} bytes)`);
    }
    await writing;
    expect(seen.filter((read) => read !== 1 && read !== 2)).toEqual([]);
    expect((await store.get(key))?.body.equals(after)).toBe(true);
  });

  it('leaves no temp files behind', async () => {
    await store.put('tidy/one.png', Buffer.from('1'), 'image/png');
    await store.put('tidy/one.png', Buffer.from('2'), 'image/png');
    expect(await readdir(join(dir, 'uploads', 'tidy'))).toEqual(['one.png']);
    expect(await readdir(join(dir, 'uploads', '.types', 'tidy'))).toEqual(['one.png']);
  });

  it('falls back to the extension when an object has no type file (copied in by hand)', async () => {
    await store.put('manual/x.jpg', Buffer.from('x'), 'image/jpeg');
    await rm(join(dir, 'uploads', '.types', 'manual', 'x.jpg'));
    expect((await store.get('manual/x.jpg'))?.contentType).toBe('image/jpeg');
    await writeFile(join(dir, 'uploads', 'manual', 'y.bin'), 'y');
    expect((await store.get('manual/y.bin'))?.contentType).toBe('application/octet-stream');
  });

  it('describes itself by its folder', () => {
    expect(store.description).toBe(`local disk ${join(dir, 'uploads')}`);
  });
});

describe('createObjectStore', () => {
  it('gives the S3 store when S3_* is set, whatever DATA_DIR says', () => {
    const created = createObjectStore(
      loadConfig({
        DATA_DIR: '/srv/shop-data',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_BUCKET: 'shop-uploads',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    );
    expect(created).toBeInstanceOf(S3Store);
    expect(created.description).toBe('s3 bucket shop-uploads at http://minio.internal:9000');
    (created as S3Store).destroy();
  });

  it('gives the local disk store under $DATA_DIR/uploads when S3 is not configured', () => {
    const created = createObjectStore(loadConfig({ DATA_DIR: '/srv/shop-data' }, '/'));
    expect(created).toBeInstanceOf(LocalDiskStore);
    expect((created as LocalDiskStore).root).toBe('/srv/shop-data/uploads');
  });
});
