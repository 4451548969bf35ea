import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrecompressedStatic, pickEncoding, precompressDirectory } from './precompressed-static.mjs';

describe('pickEncoding', () => {
  it('prefers Brotli, then gzip, and sends neither to a client that accepts neither', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
  it('honours q=0 as a refusal', () => {
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('br; q=0.0, gzip;q=0')).toBeUndefined();
    expect(pickEncoding('BR;Q=1')).toBe('br');
  });
});

describe('precompressed static files', () => {
  const script = `console.log(${JSON.stringify('a handmade gift '.repeat(400))});\n`;
  let dir;
  let base;
  let server;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompressed-'));
    await mkdir(join(dir, 'static', 'chunks'), { recursive: true });
    await writeFile(join(dir, 'static', 'chunks', 'app.js'), script);
    await mkdir(join(dir, 'static', 'service-worker'), { recursive: true });
    await writeFile(join(dir, 'static', 'service-worker', 'app.js'), script);
    await writeFile(join(dir, 'static', 'chunks', 'tiny.js'), 'void 0;\n');
    await writeFile(join(dir, 'static', 'chunks', 'font.woff2'), Buffer.alloc(4096, 1));
    // A folder named like a text file, as `next build --webpack` makes for a metadata route: not a file to compress.
    await mkdir(join(dir, 'static', 'chunks', 'app', 'robots.txt'), { recursive: true });
    // Outside the static folder, with a copy a path escaping it would find.
    await writeFile(join(dir, 'secret.js.br'), brotliCompressSync(script));
    expect(await precompressDirectory(join(dir, 'static'))).toBe(2);
    const serve = createPrecompressedStatic(join(dir, 'static'));
    server = createServer((request, response) => {
      serve(request, response).then((served) => served || response.writeHead(404, { 'X-Handled-By': 'next' }).end());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(async () => {
    server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A raw request: fetch would decode the body and hide the encoding. */
  const get = (path, headers = {}, method = 'GET') =>
    new Promise((resolve, reject) => {
      // `path` goes out exactly as written; a URL would normalise dot segments first.
      const { hostname, port } = new URL(base);
      const req = request({ hostname, port, path, method, headers }, (res) => {
        const parts = [];
        res.on('data', (part) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('writes a Brotli and a gzip copy that decode to the file, and skips tiny and already-compressed files', async () => {
    const original = await readFile(join(dir, 'static', 'chunks', 'app.js'));
    const br = await readFile(join(dir, 'static', 'chunks', 'app.js.br'));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(await readFile(join(dir, 'static', 'chunks', 'app.js.gz'))).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(original.length / 10);
    await expect(readFile(join(dir, 'static', 'chunks', 'tiny.js.br'))).rejects.toThrow();
    await expect(readFile(join(dir, 'static', 'chunks', 'font.woff2.br'))).rejects.toThrow();
  });

  it('sends the Brotli copy to a browser that accepts it, cacheable for a year', async () => {
    const res = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip to a client without Brotli, and ignores a query string', async () => {
    const res = await get('/_next/static/chunks/app.js?dpl=abc', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(script);
  });

  it('tags each copy and answers a revalidation that still matches with 304', async () => {
    const first = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' })).headers.etag).not.toBe(etag);
    const again = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': `W/"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it('hands on to Next.js what it has no copy for: no encoding accepted, a Range, a file without a copy, other paths', async () => {
    for (const [path, headers] of [
      ['/_next/static/chunks/app.js', {}],
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'identity' }],
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'br', range: 'bytes=0-10' }],
      ['/_next/static/chunks/tiny.js', { 'accept-encoding': 'br' }],
      ['/_next/static/chunks/missing.js', { 'accept-encoding': 'br' }],
      ['/category/lamps', { 'accept-encoding': 'br' }],
      // Not in normal form (Next.js redirects these) and service workers (Next.js sends them with their own headers).
      ['/_next/static/chunks/app.js/', { 'accept-encoding': 'br' }],
      ['/_next/static/chunks//app.js', { 'accept-encoding': 'br' }],
      ['/_next/static/chunks/./app.js', { 'accept-encoding': 'br' }],
      ['/_next/static/service-worker/app.js', { 'accept-encoding': 'br' }],
    ]) {
      const res = await get(path, headers);
      expect(res.headers['x-handled-by'], `${path} ${JSON.stringify(headers)}`).toBe('next');
    }
  });

  it('never serves a file outside the static folder, however the path is written', async () => {
    for (const path of [
      '/_next/static/../secret.js',
      '/_next/static/%2e%2e/secret.js',
      '/_next/static/chunks/%2e%2e%2f..%2fsecret.js',
      '/_next/static/%E0%A4%A.js',
    ]) {
      const res = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(res.headers['x-handled-by'], path).toBe('next');
    }
  });
});
