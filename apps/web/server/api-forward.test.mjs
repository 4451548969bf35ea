import { once } from 'node:events';
import { createServer, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiForwarder, endToEndHeaders, isApiPath } from './api-forward.mjs';

describe('isApiPath', () => {
  it('matches /api, /api/… and /api?…, nothing else', () => {
    for (const path of ['/api', '/api/', '/api/health', '/api/media/a.webp?w=1', '/api?x=1']) expect(isApiPath(path), path).toBe(true);
    for (const path of ['/', '/apis', '/api-docs', '/shop/api', '//api/x', 'http://x/api/y', undefined]) expect(isApiPath(path), String(path)).toBe(false);
  });
});

describe('endToEndHeaders', () => {
  it('drops hop-by-hop headers and any the Connection header names', () => {
    expect(
      endToEndHeaders({
        connection: 'keep-alive, x-secret-hop',
        'keep-alive': 'timeout=5',
        'x-secret-hop': '1',
        'transfer-encoding': 'chunked',
        upgrade: 'h2c',
        accept: '*/*',
      }),
    ).toEqual({ accept: '*/*' });
  });
});

describe('createApiForwarder', () => {
  /** The stand-in API: records what it was sent and answers as each test says. */
  let api;
  let apiBase;
  let storefront;
  let base;
  /** @type {{ method?: string, url?: string, headers?: import('node:http').IncomingHttpHeaders, body?: string }} */
  let seen = {};
  let reply = (req, res) => res.end();

  beforeAll(async () => {
    api = createServer((req, res) => {
      const parts = [];
      req.on('data', (part) => parts.push(part));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(parts).toString() };
        reply(req, res);
      });
    });
    api.listen(0, '127.0.0.1');
    await once(api, 'listening');
    apiBase = `http://127.0.0.1:${api.address().port}`;
    const forward = createApiForwarder(apiBase, { idleTimeoutMs: 500 });
    storefront = createServer((req, res) => {
      req.headers['x-request-id'] = 'req-1';
      res.setHeader('x-request-id', 'req-1');
      forward(req, res);
    });
    storefront.listen(0, '127.0.0.1');
    await once(storefront, 'listening');
    base = `http://127.0.0.1:${storefront.address().port}`;
  });
  afterAll(() => {
    storefront?.close();
    api?.close();
  });

  /** A raw request (fetch would hide hop-by-hop headers and add its own). */
  const send = (path, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const req = request({ hostname, port, path, method, headers }, (res) => {
        const parts = [];
        res.on('data', (part) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts).toString() }));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('sends the request on as it came (method, path, query, body, cookies) with the API as Host and the shop as X-Forwarded-Host', async () => {
    reply = (req, res) => res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }).end('{"ok":true}');
    const res = await send('/api/user/addresses?page=2&q=a%20b', {
      method: 'POST',
      headers: { host: 'shop.example', cookie: 'auth_token=t', 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: '{"city":"Jaipur"}',
    });
    expect(seen).toMatchObject({ method: 'POST', url: '/api/user/addresses?page=2&q=a%20b', body: '{"city":"Jaipur"}' });
    expect(seen.headers).toMatchObject({
      host: new URL(apiBase).host,
      'x-forwarded-host': 'shop.example',
      'x-forwarded-for': '203.0.113.7',
      'x-request-id': 'req-1',
      cookie: 'auth_token=t',
    });
    expect(res.status).toBe(201);
    expect(res.body).toBe('{"ok":true}');
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(res.headers['x-request-id']).toBe('req-1');
  });

  it('answers with no header that names the API’s address (Next’s rewrite sent x-middleware-rewrite)', async () => {
    reply = (req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    const res = await send('/api/health');
    expect(res.headers).not.toHaveProperty('x-middleware-rewrite');
    const apiHost = new URL(apiBase).host;
    for (const [name, value] of Object.entries(res.headers)) expect(`${name}: ${value}`).not.toContain(apiHost);
  });

  it('streams a large upload through without buffering it whole or cutting it', async () => {
    reply = (req, res) => res.end(String(seen.body?.length));
    const body = 'x'.repeat(12 * 1024 * 1024);
    const res = await send('/api/customised-uploads', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body });
    expect(res.body).toBe(String(body.length));
  });

  it('answers 502 when the API is down and 504 when it stops answering, and logs why', async () => {
    const down = createApiForwarder('http://127.0.0.1:1');
    const server = createServer((req, res) => down(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const logged = [];
    const original = console.error;
    console.error = (...args) => logged.push(args.join(' '));
    try {
      const res = await fetch(`http://127.0.0.1:${server.address().port}/api/health`);
      expect(res.status).toBe(502);
      expect(await res.text()).toBe('Bad Gateway');

      reply = () => {}; // never answers
      const slow = await send('/api/slow');
      expect(slow.status).toBe(504);
    } finally {
      console.error = original;
      server.close();
    }
    expect(logged.join('\n')).toMatch(/GET \/api\/health could not be forwarded to the API/);
    expect(logged.join('\n')).toMatch(/GET \/api\/slow could not be forwarded to the API: no answer for 500 ms/);
  });
});
