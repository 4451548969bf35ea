import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { StoredImage } from '@shop/db';
import type { AdminProduct } from '@shop/domain/admin/products';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type LocalS3Server, startLocalS3Server } from '../../src/storage/local-s3-server.ts';
import { migrateMedia } from '../../src/storage/migrate-media.ts';
import { S3Store } from '../../src/storage/s3-store.ts';
import { freshIp, testAppConfig } from '../auth/auth-helpers.ts';
import { multipart } from '../customisation/customisation-helpers.ts';
import { adminContext, type AdminContext } from './admin-helpers.ts';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../../..');

/**
 * Catalogue pictures with S3_* set (issue 23, decision 093), against a real S3-compatible server (s3rver, started
 * here): two API "machines" on one database, each with its own media folder, share one bucket. A picture staff
 * upload through one is served by the other, through the same /api/media URL the storefront's image optimiser reads.
 */
describe('catalogue pictures in the object store', () => {
  let ctx: AdminContext;
  let s3: LocalS3Server;
  let bucket: S3Store;
  const folders: string[] = [];
  const machines: FastifyInstance[] = [];
  let one: FastifyInstance;
  let other: FastifyInstance;

  const folder = () => {
    const path = mkdtempSync(join(tmpdir(), 'api-media-s3-'));
    folders.push(path);
    return path;
  };

  async function machine(mediaDir: string): Promise<FastifyInstance> {
    const app = await buildApp({
      config: testAppConfig(ctx, { mediaDir, s3: s3.options }),
      db: ctx.handle,
      logger: false,
      objectStore: new S3Store(s3.options),
      outboxWorker: false,
    });
    await app.ready();
    machines.push(app);
    return app;
  }

  beforeAll(async () => {
    ctx = await adminContext('pglite');
    s3 = await startLocalS3Server('shop-media-test');
    bucket = new S3Store(s3.options);
    one = await machine(folder());
    other = await machine(folder());
  }, 120_000);
  afterAll(async () => {
    for (const app of machines) await app.close();
    bucket?.destroy();
    await s3?.stop();
    await ctx?.close();
    for (const path of folders) rmSync(path, { recursive: true, force: true });
  });

  const picture = (colour: string, width = 640, height = 480) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer();

  async function uploadOne(app: FastifyInstance, url: string, bytes: Buffer): Promise<StoredImage> {
    // The back office's single-image routes take the field `file`.
    const form = multipart({ alt: 'A brass diya' }, [{ name: 'file', filename: 'diya.png', contentType: 'image/png', body: bytes }]);
    const response = await app.inject({
      method: 'POST',
      url,
      remoteAddress: freshIp(),
      headers: { 'content-type': form.contentType, cookie: ctx.people.staff.cookie },
      payload: form.body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<StoredImage>();
  }

  async function expectServed(app: FastifyInstance, url: string): Promise<Buffer> {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    return response.rawPayload;
  }

  const keyOf = (url: string) => url.replace('/api/media/', 'media/');

  it.each([
    ['a category', '/api/admin/categories/images'],
    ['a home-page slide', '/api/admin/sliders/images'],
    ['a brand', '/api/admin/brands/images'],
  ])('stores %s picture in the bucket, not on the uploading machine, and the other machine serves it', async (_what, url) => {
    const stored = await uploadOne(one, url, await picture(url.includes('slide') ? '#1a7' : '#c33'));
    expect(stored.original).toMatch(/^\/api\/media\/admin\/[a-f0-9]{24}\.webp$/);
    const inBucket = await bucket.get(keyOf(stored.original));
    expect(inBucket?.contentType).toBe('image/webp');
    expect((await sharp(inBucket!.body).metadata()).format).toBe('webp');
    expect(existsSync(join(one.mediaDir, stored.original.replace('/api/media/', '')))).toBe(false);
    const served = await expectServed(other, stored.original);
    expect(Buffer.compare(served, inBucket!.body)).toBe(0);
  });

  it('stores product pictures and their thumbnails in the bucket; both machines serve them', async () => {
    const product = Object.values(ctx.fixtures.products)[0]!;
    const form = multipart({ alt: 'Brass diya' }, [{ filename: 'a.png', contentType: 'image/png', body: await picture('#e92', 600, 600) }]);
    const response = await other.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images`,
      remoteAddress: freshIp(),
      headers: { 'content-type': form.contentType, cookie: ctx.people.staff.cookie },
      payload: form.body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const image = response.json<AdminProduct>().images.at(-1)!;
    for (const url of [image.original, image.thumbnail!]) {
      expect(url).toMatch(/^\/api\/media\/products\/[a-z0-9-]+\.webp$/);
      expect(await bucket.exists(keyOf(url))).toBe(true);
      expect(existsSync(join(other.mediaDir, url.replace('/api/media/', '')))).toBe(false);
      const fromOne = await expectServed(one, url);
      expect(Buffer.compare(fromOne, await expectServed(other, url))).toBe(0);
    }
  });

  it('serves a picture not yet copied from the local media folder, and nothing outside it', async () => {
    const bytes = await sharp(await picture('#339'))
      .webp()
      .toBuffer();
    mkdirSync(join(one.mediaDir, 'catalogue'), { recursive: true });
    writeFileSync(join(one.mediaDir, 'catalogue', 'local-only.webp'), bytes);
    writeFileSync(join(one.mediaDir, '.secret'), 'hidden');
    expect(Buffer.compare(await expectServed(one, '/api/media/catalogue/local-only.webp'), bytes)).toBe(0);
    // Only on the first machine's disk: the second one cannot see it (what media:migrate is for).
    expect((await other.inject({ method: 'GET', url: '/api/media/catalogue/local-only.webp' })).statusCode).toBe(404);
    for (const url of [
      '/api/media/catalogue/missing.webp',
      '/api/media/../package.json',
      '/api/media/%2e%2e/package.json',
      '/api/media/catalogue/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/media/.secret',
      '/api/media/',
    ]) {
      const response = await one.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('hidden');
    }
  });

  it('media:migrate copies a machine’s local pictures into the bucket once, says how many, and the other machine serves them', async () => {
    const dataDir = folder();
    const mediaDir = join(dataDir, 'media');
    mkdirSync(join(mediaDir, 'catalogue'), { recursive: true });
    mkdirSync(join(mediaDir, 'products'), { recursive: true });
    const files = ['catalogue/brass-diya-1a2b3c4d.webp', 'catalogue/brass-diya-2.webp', 'products/0a1b2c3d-abcdef012345.webp'];
    for (const [index, path] of files.entries())
      writeFileSync(
        join(mediaDir, path),
        await sharp(await picture(`#${index}a${index}`))
          .webp()
          .toBuffer(),
      );
    writeFileSync(join(mediaDir, 'products', '.0a1b2c3d.webp.4242.tmp'), 'half a file');
    writeFileSync(join(mediaDir, 'catalogue', 'Upper Case.webp'), 'not a name the API writes');

    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      S3_ENDPOINT: s3.options.endpoint,
      S3_BUCKET: s3.options.bucket,
      S3_ACCESS_KEY_ID: s3.options.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
    };
    const first = await run('npm', ['run', '--silent', 'media:migrate'], { cwd: repoRoot, env });
    expect(first.stdout).toContain('media:migrate: 3 copied, 0 already there, 2 skipped');
    for (const path of files) expect(await bucket.exists(`media/${path}`)).toBe(true);
    for (const path of files) await expectServed(other, `/api/media/${path}`);

    const again = await run('npm', ['run', '--silent', 'media:migrate'], { cwd: repoRoot, env });
    expect(again.stdout).toContain('media:migrate: 0 copied, 3 already there, 2 skipped');

    // The same through the function, with one new picture: only that one is copied.
    writeFileSync(
      join(mediaDir, 'catalogue', 'brass-diya-3.webp'),
      await sharp(await picture('#777'))
        .webp()
        .toBuffer(),
    );
    const third = await migrateMedia(mediaDir, bucket);
    expect(third).toEqual({ copied: 1, alreadyThere: 3, skipped: ['catalogue/Upper Case.webp', 'products/.0a1b2c3d.webp.4242.tmp'] });
  }, 120_000);

  it('media:migrate refuses to run without S3_*', async () => {
    const failed = await run('npm', ['run', '--silent', 'media:migrate'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: folder() },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set');
  }, 60_000);
});
