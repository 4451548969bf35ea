import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// The server core runs inside Next: its guard module and request headers are stood in for here.
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: () => Promise.resolve({ toString: () => 'auth_token=abc; theme=dark' }),
  headers: () => Promise.resolve(new Headers({ 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'page-request-7' })),
}));

const { ApiError, apiGet, serverApi } = await import('./client');

/** A stubbed fetch answering `status` with `body` (JSON unless a string), recording each call. */
function answer(status: number, body?: unknown) {
  const fetch = vi.fn<(url: URL | string, init?: RequestInit & { next?: unknown }) => Promise<Response>>(() =>
    Promise.resolve(
      new Response(status === 204 ? null : typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json; charset=utf-8' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The URL and options of the stubbed fetch's only call. */
function sent(fetch: ReturnType<typeof answer>) {
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0]!;
  return { url: new URL(String(url)), init: init ?? {}, headers: new Headers(init?.headers) };
}

const item = z.object({ _id: z.string(), price: z.number().int() });

describe('serverApi (the storefront server’s one way to the API)', () => {
  beforeEach(() => {
    process.env.API_ORIGIN = 'http://api.test';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete process.env.API_ORIGIN;
  });

  it('answers the body parsed by its schema', async () => {
    answer(200, { _id: 'p1', price: 49900, extra: 'dropped by zod' });
    await expect(serverApi('GET', '/api/thing', { schema: item })).resolves.toEqual({ _id: 'p1', price: 49900 });
  });

  it('turns a refusal into ApiError with its code, params and field refusals', async () => {
    const refusal = {
      message: 'Only 2 of Brass lamp left',
      code: 'out_of_stock',
      params: { name: 'Brass lamp', left: 2 },
      errors: { 'items.0.quantity': { code: 'out_of_stock', message: 'Only 2 of Brass lamp left', params: { name: 'Brass lamp', left: 2 } } },
    };
    answer(409, refusal);
    const error = await serverApi('POST', '/api/user/order', { body: {}, schema: item }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, ...refusal });
  });

  it('gives an answer without the contract’s body (a proxy’s error page) the code of its status', async () => {
    answer(502, '<html>Bad gateway</html>');
    await expect(serverApi('GET', '/api/thing', { schema: item })).rejects.toMatchObject({ status: 502, code: 'internal' });
    answer(404, undefined);
    await expect(serverApi('GET', '/api/thing')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses an answer that does not fit its schema (502 internal, logged) instead of passing it on', async () => {
    answer(200, { _id: 'p1', price: '499' });
    const log = vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    const error = await serverApi('GET', '/api/thing?x=1', { schema: item }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'internal' });
    expect((error as Error).message).toContain('GET /api/thing does not have the expected shape (price:');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('GET /api/thing'));
  });

  it('gives undefined for 204, and the unchecked body (unknown) without a schema', async () => {
    answer(204);
    await expect(serverApi('DELETE', '/api/admin/brands/b1', { session: 'visitor' })).resolves.toBeUndefined();
    answer(200, { anything: true });
    await expect(serverApi('POST', '/api/admin/reports/r1/handled', { body: { handled: true } })).resolves.toEqual({ anything: true });
  });

  it('builds the query: empty values left out, lists repeated', async () => {
    const fetch = answer(200, { _id: 'p1', price: 1 });
    await serverApi('GET', '/api/products', {
      query: { q: 'lamp lit', page: 2, inStock: true, brand: '', sort: undefined, category: null, attr: ['colour:red', 'size:m'] },
      schema: item,
    });
    const { url } = sent(fetch);
    expect(url.origin + url.pathname).toBe('http://api.test/api/products');
    expect([...url.searchParams]).toEqual([
      ['q', 'lamp lit'],
      ['page', '2'],
      ['inStock', 'true'],
      ['attr', 'colour:red'],
      ['attr', 'size:m'],
    ]);
  });

  it('sends JSON with its content type, and FormData as it is (multipart, not JSON-encoded)', async () => {
    let fetch = answer(200, { _id: 'p1', price: 1 });
    await serverApi('PUT', '/api/admin/settings', { body: { shippingFee: 4900 }, session: 'visitor', schema: item });
    let call = sent(fetch);
    expect(call.init.body).toBe('{"shippingFee":4900}');
    expect(call.headers.get('content-type')).toBe('application/json');

    fetch = answer(200, { _id: 'p1', price: 1 });
    const form = new FormData();
    form.set('alt', 'Logo');
    form.set('file', new Blob([new Uint8Array(4)], { type: 'image/png' }), 'logo.png');
    await serverApi('POST', '/api/admin/settings/logo', { body: form, session: 'visitor', schema: item });
    call = sent(fetch);
    expect(call.init.body).toBe(form);
    // fetch writes multipart/form-data with its boundary itself.
    expect(call.headers.has('content-type')).toBe(false);

    fetch = answer(204);
    await serverApi('POST', '/api/thing');
    call = sent(fetch);
    expect(call.init.body).toBeUndefined();
    expect(call.headers.has('content-type')).toBe(false);
  });

  it("sends a visitor's call with their cookie and forwarded address, never cached", async () => {
    const fetch = answer(200, { _id: 'p1', price: 1 });
    await serverApi('GET', '/api/user/addresses', { session: 'visitor', schema: item });
    const { init, headers } = sent(fetch);
    expect(headers.get('cookie')).toBe('auth_token=abc; theme=dark');
    expect(headers.get('x-forwarded-for')).toBe('203.0.113.9');
    expect(headers.get('x-request-id')).toBe('page-request-7');
    expect(init.cache).toBe('no-store');
    expect(init).not.toHaveProperty('next');
  });

  it('keeps a public call free of the visitor, cached with its tags when asked (apiGet: 60 s by default)', async () => {
    let fetch = answer(200, { _id: 'p1', price: 1 });
    await apiGet('/api/product/lamp', { tags: ['products', 'product:lamp'], schema: item });
    let call = sent(fetch);
    expect(call.headers.has('cookie')).toBe(false);
    expect(call.headers.has('x-forwarded-for')).toBe(false);
    // A per-request id would key every cached read apart (Next's data cache keys on the headers).
    expect(call.headers.has('x-request-id')).toBe(false);
    expect(call.init.next).toEqual({ revalidate: 60, tags: ['products', 'product:lamp'] });
    expect(call.init.cache).toBeUndefined();

    fetch = answer(200, { _id: 'p1', price: 1 });
    await serverApi('GET', '/api/feedbacks', { schema: item });
    call = sent(fetch);
    expect(call.init.cache).toBe('no-store');
    // An uncached call is made for this page: the API logs it under the page's request id (decision 045).
    expect(call.headers.get('x-request-id')).toBe('page-request-7');
    expect(call.headers.has('cookie')).toBe(false);
  });
});
