import { coupons, productVariants, user } from '@shop/db';
import { GST_RATES } from '@shop/domain/admin/products';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { accessToken, signInByPhone, SITE, testAppConfig } from '../auth/auth-helpers.ts';
import { createTestContext, type Engine, type TestContext } from '../helpers.ts';
import { product } from '../orders/order-helpers.ts';
import type { Caller, Credentials } from './operations.ts';

/**
 * The fuzzer's shop: a fresh database with the catalogue fixtures, an app with identity settings that remembers the
 * error behind each 5xx (the answer only says `internal` and a request id), a signed-in customer with a saved address
 * and an order, a signed-in admin, and the ids and slugs of rows that exist, so generated requests reach past "not
 * found" into the services.
 */
export interface FuzzContext {
  app: FastifyInstance;
  ctx: TestContext;
  credentials: Record<Exclude<Caller, 'anonymous'>, Credentials>;
  /** Values worth trying, by field or parameter name (SchemaContext.hints). */
  hints: Record<string, unknown[]>;
  /** The error the app handled for a request id, when there was one. */
  errorOf(requestId: string): Error | undefined;
  close(): Promise<void>;
}

async function signedIn(app: FastifyInstance, ctx: TestContext, role?: 'admin') {
  const { cookie, body } = await signInByPhone(app, ctx);
  const userId = body.user.id as string;
  if (role) await ctx.handle.db.update(user).set({ role }).where(eq(user.id, userId));
  return { cookie, bearer: await accessToken(app, cookie), userId };
}

export async function fuzzContext(engine: Engine): Promise<FuzzContext> {
  const ctx = await createTestContext(engine);
  const errors = new Map<string, Error>();
  const app = await buildApp({ config: testAppConfig(ctx), db: ctx.handle, logger: false });
  // Runs before the error handler answers; kept for the report of a 5xx (4xx errors are dropped with their request).
  app.addHook('onError', async (request, _reply, error) => {
    errors.set(String(request.id), error);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) errors.delete(String(request.id));
  });
  await app.ready();

  const customer = await signedIn(app, ctx);
  const admin = await signedIn(app, ctx, 'admin');

  const { products, categories, brands, draft } = ctx.fixtures;
  const address = await app.inject({
    method: 'POST',
    url: '/api/user/addresses',
    headers: { cookie: customer.cookie, origin: SITE, 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'Asha Verma', mobile: '9876543210', line1: '12, MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' }),
  });
  if (address.statusCode !== 201) throw new Error(`address: ${address.statusCode} ${address.body}`);
  const addressId = address.json()._id as string;
  const order = await app.inject({
    method: 'POST',
    url: '/api/user/order',
    headers: { cookie: customer.cookie, origin: SITE, 'content-type': 'application/json' },
    payload: JSON.stringify({ items: [{ productId: products.photoKeychain!.id, quantity: 1 }], addressId, paymentMethod: 'cod' }),
  });
  if (order.statusCode !== 201) throw new Error(`order: ${order.statusCode} ${order.body}`);
  const orderId = order.json()._id as string;
  const [coupon] = await ctx.handle.db.insert(coupons).values({ code: 'FUZZ10', type: 'percent', value: 10 }).returning();
  const variants = await ctx.handle.db.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants);
  // At the highest price the back office accepts, with stock to spare: totals and sums at their largest.
  const dearest = await product(ctx, { name: 'Gold Throne', price: 1_000_000_000, mrp: 1_000_000_000, stock: 100_000 });

  const productIds = [...Object.values(products).map((row) => row.id), draft.id, dearest.id];
  const productSlugs = [...Object.values(products).map((row) => row.slug), draft.slug, dearest.slug];
  const categoryIds = Object.values(categories).map((category) => category.id);
  const categorySlugs = Object.values(categories).map((category) => category.slug);
  const brandIds = Object.values(brands).map((brand) => brand.id);
  const brandSlugs = Object.values(brands).map((brand) => brand.slug);
  const mediaImage = { id: 'fuzz', original: '/api/media/catalogue/fuzz.webp', width: 800, height: 800, alt: 'Fuzz' };
  const hints: Record<string, unknown[]> = {
    id: [...productIds, ...categoryIds, ...brandIds, addressId, orderId, coupon!.id],
    // The dearest product three times over: it is the one whose orders reach the largest totals.
    productId: [...productIds, dearest.id, dearest.id],
    product: [...productIds, ...productSlugs],
    // Most products have no options: no variant is the usual valid answer.
    variantId: [null, null, null, null, ...variants.map((variant) => variant.id)],
    sku: variants.map((variant) => variant.sku),
    addressId: [addressId],
    orderId: [orderId],
    categoryId: categoryIds,
    category: [...categoryIds, ...categorySlugs],
    parent: [...categoryIds, ...categorySlugs],
    brandId: brandIds,
    brand: [...brandIds, ...brandSlugs],
    slug: [...productSlugs, ...categorySlugs, ...brandSlugs],
    code: [coupon!.code],
    couponCode: [coupon!.code],
    phoneNumber: ['+919876543210', '9876543210'],
    mobile: ['9876543210'],
    email: ['asha@example.com'],
    q: ['lamp', 'keychain', 'KG-'],
    pincode: ['560001'],
    // Rules of the domain that the document states only in words.
    gstRate: [...GST_RATES],
    mrp: [1_000_000_000],
    attributes: [{ Colour: 'Red' }, { Colour: 'Blue' }, { Colour: 'Green' }],
    image: [mediaImage, null],
    logo: ['/api/media/logo.svg', 'https://cdn.example.com/logo.png'],
    tollFreeNumber: ['1800-000-000', '+91 98765 43210'],
    contactEmail: ['hello@example.com'],
    chatWidgetId: [null, `${'a'.repeat(24)}/abcdef12`],
    analyticsId: [null, 'G-ABC1234'],
  };

  return {
    app,
    ctx,
    credentials: { customer, admin },
    hints,
    errorOf: (requestId) => errors.get(requestId),
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}
