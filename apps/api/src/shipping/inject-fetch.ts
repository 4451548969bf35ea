import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` answered by this API's own router (app.inject) rather than the network: how the Shiprocket adapter reaches
 * the loopback carrier the API serves (decision 084). The adapter's code is the one that talks to Shiprocket; only
 * the transport differs, and it works before the API listens (tests build the app without a port).
 */
export function injectFetch(app: Pick<FastifyInstance, 'inject'>): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.statusCode === 204 ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers: answerHeaders });
  };
}
