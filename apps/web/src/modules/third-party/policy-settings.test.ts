import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The reader goes through serverApi, which runs inside Next: its guard module and request headers are stood in for.
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: () => Promise.resolve({ toString: () => '' }),
  headers: () => Promise.reject(new Error('outside a request')),
}));

const { createPolicySettingsReader, policySettingsFrom, REFRESH_MS } = await import('./policy-settings');

/** What GET /api/headers answers, with the settings under test. */
const headersAnswer = (site: Record<string, unknown>) => ({
  site: {
    name: 'Kaarigar Gifts',
    description: '',
    author: '',
    logo: '/api/media/logo.webp',
    defaultLanguage: 'en',
    currencyCode: 'INR',
    tollFreeNumber: '1800-000-0000',
    contactEmail: 'shop@example.com',
    chatWidgetId: null,
    analyticsId: null,
    freeShippingThreshold: 0,
    shippingFee: 0,
    ...site,
  },
  headerMenu: [],
  mobileMenu: [],
});

const chat = '0123456789abcdef01234567/1abcdefg';

describe('policySettingsFrom', () => {
  it('takes the ids from the settings, else from the environment, and ignores a malformed one', () => {
    expect(policySettingsFrom({ analyticsId: 'G-ABC123XYZ' }, {}).thirdParties).toEqual({ analytics: true, chat: false });
    expect(policySettingsFrom(null, { CHAT_WIDGET_ID: chat }).thirdParties).toEqual({ analytics: false, chat: true });
    expect(policySettingsFrom({ analyticsId: 'UA-1234' }, {}).thirdParties).toEqual({ analytics: false, chat: false });
  });
  it('allows an https logo’s origin for images, and nothing for one under /api/media', () => {
    expect(policySettingsFrom({ logo: 'https://cdn.example/logo.svg' }, {}).imageOrigins).toEqual(['https://cdn.example']);
    expect(policySettingsFrom({ logo: '/api/media/logo.webp' }, {}).imageOrigins).toEqual([]);
  });
});

describe('createPolicySettingsReader', () => {
  let server: Server;
  let site: Record<string, unknown> = {};
  let reads = 0;
  let up = true;

  beforeAll(async () => {
    server = createServer((request, response) => {
      reads += 1;
      if (!up || request.url !== '/api/headers') return response.writeHead(503).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(headersAnswer(site)));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    process.env.API_ORIGIN = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    delete process.env.API_ORIGIN;
  });

  it('reads the settings at once for a page going into the shared page cache, within the interval', async () => {
    const clock = 0;
    site = { chatWidgetId: null, analyticsId: null, logo: '/api/media/logo.webp' };
    const current = createPolicySettingsReader(undefined, () => clock);
    expect((await current()).thirdParties).toEqual({ analytics: false, chat: false });
    site = { chatWidgetId: chat, analyticsId: null, logo: '/api/media/logo.webp' };
    // Within the interval the copy answers; a fresh read sees the change at once.
    expect((await current()).thirdParties).toEqual({ analytics: false, chat: false });
    expect((await current({ fresh: true })).thirdParties).toEqual({ analytics: false, chat: true });
  });

  it('reads the settings once per interval, keeps the last good copy when the API fails, and picks up a change', async () => {
    let clock = 0;
    site = { chatWidgetId: chat, analyticsId: null, logo: '/api/media/logo.webp' };
    reads = 0;
    const current = createPolicySettingsReader(undefined, () => clock);
    expect((await current()).thirdParties).toEqual({ analytics: false, chat: true });
    await current();
    expect(reads).toBe(1);

    // The back office switches analytics on: the copy answers until it is due, then a refresh (in the background) sees it.
    site = { chatWidgetId: chat, analyticsId: 'G-ABC123XYZ', logo: '' };
    clock += REFRESH_MS;
    expect((await current()).thirdParties.analytics).toBe(false);
    // Polled rather than a fixed wait: on a loaded CI machine the background read can take longer than any fixed wait.
    await expect.poll(async () => (await current()).thirdParties, { timeout: 5_000, interval: 20 }).toEqual({ analytics: true, chat: true });
    expect(reads).toBe(2);

    up = false;
    clock += REFRESH_MS;
    await current();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await current()).thirdParties).toEqual({ analytics: true, chat: true });
    up = true;
  });

  it('goes with the environment’s ids when the API cannot be read at all', async () => {
    up = false;
    const current = createPolicySettingsReader();
    expect(await current()).toEqual({ thirdParties: { analytics: false, chat: false }, imageOrigins: [] });
    up = true;
  });
});
