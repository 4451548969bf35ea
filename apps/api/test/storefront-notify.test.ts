import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp } from './auth/auth-helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin/admin-helpers.ts';
import { engines } from './helpers.ts';
import { customer, product } from './orders/order-helpers.ts';
import { placeOrder } from './customisation/customisation-helpers.ts';

const SECRET = 'a-storefront-revalidate-secret-of-40-chars';

interface Heard {
  authorization: string | undefined;
  path: string | undefined;
  body: unknown;
}

/**
 * Issue 23 (decision 095): every catalogue change made through the API tells the storefront which cached pages to
 * render again, before the staff member's request is answered. The storefront here is a stand-in that records what
 * reaches its /_shop/revalidate (the real endpoint is tested in apps/web/server/page-cache.test.mjs and the browser
 * test apps/web/e2e/page-cache.test.ts).
 */
describe.each(engines)('storefront notification (%s)', (engine) => {
  let ctx: AdminContext;
  let shop: FastifyInstance;
  let storefront: Server;
  const heard: Heard[] = [];
  let status = 204;

  beforeAll(async () => {
    storefront = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        heard.push({ authorization: request.headers.authorization, path: request.url, body: JSON.parse(body) as unknown });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
    const address = storefront.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    ctx = await adminContext(engine);
    shop = await anotherApp(ctx, { revalidateSecret: SECRET, storefrontUrl: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await shop?.close();
    await ctx?.close();
    await new Promise((resolve) => storefront?.close(resolve));
  });

  it('announces a staff write to the storefront with the shared secret, before answering', async () => {
    heard.length = 0;
    const created = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/brands', body: { name: 'Kiln Co', slug: 'kiln-co' } }, shop);
    expect(created.statusCode).toBe(201);
    expect(heard).toEqual([{ authorization: `Bearer ${SECRET}`, path: '/_shop/revalidate', body: { tags: ['catalogue'] } }]);
  });

  it("names a product's own pages (every slug it had) and the listings for a product write, not every page", async () => {
    heard.length = 0;
    const slug = `rose-lamp-${Date.now().toString(36)}`;
    const body = {
      name: 'Rose Lamp',
      slug,
      description: 'A lamp with a pressed rose.',
      categoryId: ctx.fixtures.categories.keychains.id,
      brandId: null,
      price: 49_900,
      mrp: 69_900,
      stock: 3,
      cod: true,
      customizationType: null,
      mediaLimit: 1,
      hsnCode: '9405',
      gstRate: 1800,
      weightGrams: 400,
      tags: [],
      featured: false,
      flashSaleEndsAt: null,
      newArrival: false,
      unique: false,
      onSelling: false,
      published: true,
      needsProof: false,
      variants: [],
    };
    const created = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/products', body }, shop);
    expect(created.statusCode).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    const renamed = await callAs(
      ctx,
      'staff',
      { method: 'PUT', url: `/api/admin/products/${id}`, body: { ...body, slug: `${slug}-new`, price: 45_000 } },
      shop,
    );
    expect(renamed.statusCode).toBe(200);
    const removed = await callAs(ctx, 'staff', { method: 'DELETE', url: `/api/admin/products/${id}` }, shop);
    expect(removed.statusCode).toBe(204);
    expect(heard.map((h) => h.body)).toEqual([
      { tags: ['products', `product:${slug}`] },
      { tags: ['products', `product:${slug}-new`, `product:${slug}`] },
      { tags: ['products', `product:${slug}-new`] },
    ]);
  });

  it('names the bought products when an order takes their last unit', async () => {
    const lastOne = await product(ctx, { stock: 1 });
    const plenty = await product(ctx, { stock: 50 });
    const shopper = await customer(ctx);
    heard.length = 0;
    await placeOrder(shop, shopper, [
      { productId: lastOne.id, quantity: 1 },
      { productId: plenty.id, quantity: 1 },
    ]);
    // The announcement does not hold up the shopper's answer: wait for it.
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]?.body).toEqual({ tags: ['products', `product:${lastOne.slug}`, `product:${plenty.slug}`] });
    heard.length = 0;
    await placeOrder(shop, shopper, [{ productId: plenty.id, quantity: 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
  });

  it('passes finer tags on, and a storefront that refuses or is down never fails the write', async () => {
    heard.length = 0;
    await shop.responseCache.invalidate(['product:rose-lamp', 'products']);
    expect(heard.map((h) => h.body)).toEqual([{ tags: ['product:rose-lamp', 'products'] }]);
    status = 500;
    const refused = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/brands', body: { name: 'Loom Co', slug: 'loom-co' } }, shop);
    expect(refused.statusCode).toBe(201);
    status = 204;
    await new Promise((resolve) => storefront.close(resolve));
    const down = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/brands', body: { name: 'Reed Co', slug: 'reed-co' } }, shop);
    expect(down.statusCode).toBe(201);
  });

  it('is off when no secret is set', async () => {
    const calls: string[] = [];
    const other = createServer((request, response) => {
      calls.push(request.url ?? '');
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    const quiet = await anotherApp(ctx, { storefrontUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    try {
      await quiet.responseCache.invalidate();
      expect(calls).toEqual([]);
    } finally {
      await quiet.close();
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
