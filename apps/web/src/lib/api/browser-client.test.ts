import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenSource } from './access-token';
import { browserApi, BrowserApiError, NetworkError } from './browser-client';
import { placeOrder } from './orders-browser';
import { sendClientError } from './log-browser';
import { guard, number, object, string } from './shape';

/** A stubbed fetch answering `status` with `body` as JSON, recording each call. */
function answer(status: number, body?: unknown) {
  const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function sent(fetch: ReturnType<typeof answer>) {
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0]!;
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
}

const item = guard(object({ _id: string, price: number }));

describe('browserApi (the browser’s one way to the API)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAccessTokenSource(() => Promise.resolve(null));
  });

  it('answers the checked body, keeping the fields it did not check', async () => {
    answer(200, { _id: 'p1', price: 49900, name: 'Brass lamp' });
    await expect(browserApi('/api/thing', { schema: item })).resolves.toEqual({ _id: 'p1', price: 49900, name: 'Brass lamp' });
  });

  it('turns a refusal into BrowserApiError with its code, params, field refusals and the body as it came', async () => {
    const refusal = {
      message: 'Enter a valid 6-digit pincode',
      code: 'validation_failed',
      errors: { pincode: { code: 'pincode_invalid', message: 'Enter a valid 6-digit pincode' } },
      rows: [{ row: 2 }],
    };
    answer(400, refusal);
    const error = await browserApi('/api/user/addresses', { method: 'POST', body: {}, schema: item }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BrowserApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: refusal.message, errors: refusal.errors, body: refusal });
  });

  it('refuses an answer that does not fit its schema (502 internal) instead of passing it on', async () => {
    answer(200, { _id: 'p1', price: '499' });
    const error = await browserApi('/api/thing', { schema: item }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BrowserApiError);
    expect(error).toMatchObject({ status: 502, code: 'internal' });
    expect((error as Error).message).toContain('GET /api/thing does not have the expected shape (unexpected value at price)');
  });

  it('throws NetworkError when no answer came at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await browserApi('/api/thing', { schema: item }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ message: 'Failed to fetch' });
  });

  it('gives undefined for 204', async () => {
    answer(204);
    await expect(browserApi('/api/user/review/r1', { method: 'DELETE', signedIn: true })).resolves.toBeUndefined();
  });

  it('builds the query and sends the bearer token when there is one', async () => {
    setAccessTokenSource(({ signedIn }) => Promise.resolve(signedIn ? 'token-1' : null));
    const fetch = answer(200, { _id: 'p1', price: 1 });
    await browserApi('/api/reviews', { query: { product: 'p1', page: 2, limit: undefined, q: '' }, signedIn: true, schema: item });
    const { url, init, headers } = sent(fetch);
    expect(url).toBe('/api/reviews?product=p1&page=2');
    expect(init.method).toBe('GET');
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.has('content-type')).toBe(false);
  });

  it('sends FormData as it is (multipart, not JSON-encoded) and JSON with its content type', async () => {
    let fetch = answer(200, { _id: 'p1', price: 1 });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(4)], { type: 'image/jpeg' }), 'a.jpg');
    await browserApi('/api/admin/products/p1/images', { method: 'POST', body: form });
    let call = sent(fetch);
    expect(call.init.body).toBe(form);
    expect(call.headers.has('content-type')).toBe(false);

    fetch = answer(200, { _id: 'p1', price: 1 });
    await browserApi('/api/report', { method: 'POST', body: { message: 'hi' }, schema: item });
    call = sent(fetch);
    expect(call.init.body).toBe('{"message":"hi"}');
    expect(call.headers.get('content-type')).toBe('application/json');
  });

  it('places an order with its Idempotency-Key through the core', async () => {
    setAccessTokenSource(() => Promise.resolve('token-1'));
    const fetch = answer(201, { _id: 'o1', number: 'KG-261126-7K3M9Q', status: 'placed', reservationExpiresAt: null, items: [] });
    await expect(placeOrder({ items: [], addressId: 'a1', paymentMethod: 'cod' }, 'key-1')).resolves.toMatchObject({ _id: 'o1' });
    const { url, init, headers } = sent(fetch);
    expect(url).toBe('/api/user/order');
    expect(init.method).toBe('POST');
    expect(headers.get('idempotency-key')).toBe('key-1');
    expect(headers.get('authorization')).toBe('Bearer token-1');
  });

  it('keeps an order placed without an answer retryable (NetworkError), and a placed order with a broken answer a 502', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('network down'))),
    );
    await expect(placeOrder({ items: [], addressId: 'a1', paymentMethod: 'cod' }, 'key-1')).rejects.toBeInstanceOf(NetworkError);
    answer(201, { number: 'KG-261126-7K3M9Q' });
    await expect(placeOrder({ items: [], addressId: 'a1', paymentMethod: 'cod' }, 'key-1')).rejects.toMatchObject({ status: 502, code: 'internal' });
  });

  it('sends the client error log with keepalive and ignores its failure', async () => {
    const fetch = answer(204);
    sendClientError({ message: 'boom', stack: 'at x' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const { url, init } = sent(fetch);
    expect(url).toBe('/api/log');
    expect(init.keepalive).toBe(true);
    expect(init.body).toBe('{"message":"boom","stack":"at x"}');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(() => sendClientError({ message: 'boom', stack: '' })).not.toThrow();
  });
});
